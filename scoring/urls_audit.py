"""A drive's audit record (namespace "audit")."""

from django.urls import path

from scoring import views_audit

app_name = "audit"

urlpatterns = [
    path("drives/<int:pk>/audit/", views_audit.audit_trail, name="trail"),
]
