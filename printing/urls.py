"""Downloads: a drive's printed sheets (PDF), workbook and CSV; a season's workbook;
publishing a drive to the club's website (namespace "printing")."""

from django.urls import path

from printing import publishing_views, views

app_name = "printing"

urlpatterns = [
    path("drives/<int:pk>/print/", views.print_pdf, name="print"),
    path("drives/<int:pk>/print/<slug:kind>.pdf", views.print_pdf, name="pdf"),
    path("drives/<int:pk>/results.csv", views.results_csv, name="results_csv"),
    path("drives/<int:pk>/results/mail/", views.results_mail, name="results_mail"),
    path("drives/<int:pk>/export.xlsx", views.workbook, name="workbook"),
    path("seasons/<int:pk>/league.xlsx", views.season_workbook, name="season_workbook"),
    path("seasons/<int:pk>/league.pdf", views.season_pdf, name="season_pdf"),
    path("drives/<int:pk>/publish/", publishing_views.drive_publish, name="publish"),
    path("api/publish/", publishing_views.publish_api, name="publish_api"),
    path("club/website/", publishing_views.publishing_page, name="publishing"),
    path(
        "club/website/site/", publishing_views.publishing_site, name="publishing_site"
    ),
    path(
        "club/website/keys/",
        publishing_views.publishing_key_new,
        name="publishing_key_new",
    ),
    path(
        "club/website/keys/<int:pk>/revoke/",
        publishing_views.publishing_key_revoke,
        name="publishing_key_revoke",
    ),
]
