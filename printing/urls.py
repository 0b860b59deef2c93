"""Downloads: a drive's printed sheets (PDF), workbook and CSV; a season's workbook (namespace "printing")."""

from django.urls import path

from printing import views

app_name = "printing"

urlpatterns = [
    path("drives/<int:pk>/print/", views.print_pdf, name="print"),
    path("drives/<int:pk>/print/<slug:kind>.pdf", views.print_pdf, name="pdf"),
    path("drives/<int:pk>/results.csv", views.results_csv, name="results_csv"),
    path("drives/<int:pk>/results/mail/", views.results_mail, name="results_mail"),
    path("drives/<int:pk>/export.xlsx", views.workbook, name="workbook"),
    path("seasons/<int:pk>/league.xlsx", views.season_workbook, name="season_workbook"),
]
