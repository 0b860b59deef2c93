"""Downloads of a drive's printed sheets and CSV (namespace "printing")."""

from django.urls import path

from scoring import views_print

app_name = "printing"

print_urlpatterns = [
    path("drives/<int:pk>/print/", views_print.print_pdf, name="print"),
    path("drives/<int:pk>/print/<slug:kind>.pdf", views_print.print_pdf, name="pdf"),
    path("drives/<int:pk>/results.csv", views_print.results_csv, name="results_csv"),
]
urlpatterns = print_urlpatterns
