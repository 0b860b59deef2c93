// An htmx request that failed, said in the page's notice area (#messages),
// with nothing put where the part would have gone (players.htmx_refusal).
//
// htmx swaps no 5xx answer (templates/_base.html's htmx-config), so a failure
// would show nothing at all. Here:
// - the site's own answer to a failure (a 5xx naming the notice area in
//   HX-Retarget: config.errors.server_error) is put there, as htmx puts a 4xx
//   refusal;
// - a failure with no answer of the site's (a proxy's 502 or 504, no
//   connection, a timeout) gets the words the server wrote on #messages
//   (data-failed-send, data-failed-show, data-lost-send, data-lost-show, in
//   the page's language): a form sent "may not have been saved", a part
//   asked for "was not brought up to date";
// - a link followed by htmx (boosted) that fails is followed as without
//   JavaScript: the browser shows the server's page, or its own.
// Such a notice goes once the same request succeeds (a board polled again),
// and a poll that fails again leaves it as it is, not a second one.
// Every page that polls loads this file: the organiser's pages through
// _base.html, the public board (scoring/public.html) by itself. The public
// board polls without htmx: board.js sends it the same events, with what
// these functions read of them (requestConfig, xhr's status and headers,
// successful, failed).
// The captain's phone pages do not load this file: captain.js and
// captain_wist.js say there what did not go, in their own way.
// No inline scripts or handlers anywhere: the site runs under a strict CSP.
(function () {
  "use strict";

  function area() {
    return document.getElementById("messages");
  }

  // The site's own refusal (players.htmx_refusal): it names the notice area.
  function refusal(xhr) {
    return !!xhr && xhr.status > 0 && xhr.getResponseHeader("HX-Retarget") === "#messages";
  }

  function sends(detail) {
    var verb = (detail.requestConfig && detail.requestConfig.verb) || "get";
    return verb.toLowerCase() !== "get";
  }

  // Which request a notice is about: its method and address.
  function requestOf(detail) {
    var config = detail.requestConfig || {};
    return (config.verb || "get").toLowerCase() + " " + (config.path || "");
  }

  // The requests a notice is about (one a line of its data-failed).
  function requestsOf(notice) {
    return notice.dataset.failed ? notice.dataset.failed.split("\n") : [];
  }

  function aLinkFollowed(detail) {
    return detail.boosted && !sends(detail);
  }

  function say(detail, kind) {
    var box = area();
    if (!box) return;
    var words = box.getAttribute("data-" + kind + (sends(detail) ? "-send" : "-show"));
    if (!words) return;
    // A board polled every few seconds that keeps failing (or a projector
    // whose board and clock both fail): the notice already there stays as it
    // is, one notice, not said again by a screen reader at every poll; it
    // notes each request it is about, and goes once they all succeed.
    var shown = box.querySelector(".htmx-refusal[data-failed]");
    if (shown && shown.textContent === words) {
      var about = requestsOf(shown);
      if (about.indexOf(requestOf(detail)) < 0) about.push(requestOf(detail));
      shown.dataset.failed = about.join("\n");
      return;
    }
    var list = document.createElement("ul");
    list.className = "messages htmx-refusal";
    list.setAttribute("role", "alert");
    list.dataset.failed = requestOf(detail);
    var item = document.createElement("li");
    item.className = "message error";
    item.textContent = words;
    list.appendChild(item);
    box.replaceChildren(list);
    // A form sent: the notice brought into sight (the server's refusal's show:top).
    if (sends(detail)) box.scrollIntoView({ block: "start" });
  }

  // The server's 5xx refusal: swapped as htmx swaps a 4xx one (its headers
  // say where and how), still an error for whoever listens.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status >= 500 && refusal(xhr) && !aLinkFollowed(event.detail)) {
      event.detail.shouldSwap = true;
    }
  });

  function noAnswer(kind) {
    return function (event) {
      var detail = event.detail || {};
      if (refusal(detail.xhr)) return; // the server's words are there
      if (aLinkFollowed(detail)) {
        window.location.assign(detail.pathInfo.requestPath);
        return;
      }
      say(detail, kind);
    };
  }
  document.body.addEventListener("htmx:responseError", noAnswer("failed"));
  document.body.addEventListener("htmx:sendError", noAnswer("lost"));
  document.body.addEventListener("htmx:timeout", noAnswer("lost"));

  document.body.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    var box = area();
    if (!box) return;
    var asked = requestOf(detail);
    if (detail.failed && refusal(detail.xhr) && detail.xhr.status >= 500) {
      var notice = box.querySelector(".htmx-refusal");
      if (notice) notice.dataset.failed = asked;
    } else if (detail.successful) {
      box.querySelectorAll(".htmx-refusal[data-failed]").forEach(function (notice) {
        var about = requestsOf(notice).filter(function (request) {
          return request !== asked;
        });
        if (about.length) notice.dataset.failed = about.join("\n");
        else notice.remove();
      });
    }
  });
})();
