"""The whole site under another address ("/evening/..."), for the tests that
check a page finds its way back by the URL conf, not by a written prefix."""

from django.urls import include, path

urlpatterns = [path("evening/", include("config.urls"))]
