// The public board (scoring/public.html) brings itself up to date, without htmx.
//
// Players open the board from a QR code over the hall's Wi-Fi, and htmx was
// the largest file its first load fetched, for this one thing. The markup
// still says what to do as htmx reads it (#boards: hx-get, hx-trigger "every
// 30s", hx-swap "outerHTML"; hx-preserve on the forms inside it), and this
// file does it, as captain.js's waitForTheRoom does on the captain's page:
// - the poll's seconds after the page loaded or the last answer came, the
//   board is asked for again with htmx's header (HX-Request), so the server
//   answers with the board alone (scoring.views.room.public), and with the
//   ETag of the board shown (If-None-Match): nothing new is a 304
//   (scoring/freshness.py), which replaces nothing;
// - a new board (200, 286, or the board's own refusal: 400) takes the old
//   one's place. The forms marked hx-preserve stay as they are, with what is
//   being typed in them and the cursor: the form on the page takes its new
//   copy's place (moved by moveBefore where the browser has it, which keeps
//   the phone's keyboard open; else moved, and the cursor put back);
// - 286: the drive is over, nothing more is asked;
// - the site's own refusal or failure (an answer that names the notice area
//   in HX-Retarget: players.htmx_refusal) goes in the notice area;
// - failures.js says what failed and takes the notice away once the board
//   comes again: it hears of each request by the events htmx would send
//   (htmx:responseError, htmx:sendError, htmx:timeout, htmx:afterRequest,
//   with what it reads of them), so what a failed update says, in the page's
//   words, is written once for every page.
// Without JavaScript the page reloads itself (its noscript refresh).
// No inline scripts or handlers anywhere: the site runs under a strict CSP.
(function () {
  "use strict";

  var BOARD = "boards";
  var tag = ""; // the ETag of the board on the page, once an answer gave one

  function board() {
    return document.getElementById(BOARD);
  }

  // The poll's seconds, from the markup's hx-trigger ("every 30s"); 0: none.
  function pollSeconds(element) {
    var found = /every\s+(\d+)s/.exec((element && element.getAttribute("hx-trigger")) || "");
    return found ? parseInt(found[1], 10) : 0;
  }

  // failures.js told how the request went, as htmx tells it.
  function tell(name, url, response, outcome) {
    var detail = {
      requestConfig: { verb: "get", path: url },
      pathInfo: { requestPath: url },
      boosted: false,
      successful: outcome === "successful",
      failed: outcome === "failed",
      xhr: response && {
        status: response.status,
        getResponseHeader: function (header) {
          return response.headers.get(header);
        },
      },
    };
    document.body.dispatchEvent(new CustomEvent(name, { detail: detail }));
  }

  // The element that had the cursor, back in it after a move that lost it.
  function refocus(had, start, end) {
    if (!had || had === document.activeElement || !document.contains(had)) return;
    had.focus({ preventScroll: true });
    if (start === null || start === undefined) return;
    try {
      had.setSelectionRange(start, end);
    } catch (e) {
      /* a number field has no selection to set */
    }
  }

  // `fresh` in the place of `old`, each preserved form of `old` in the place
  // of its new copy.
  function replace(old, fresh) {
    var kept = [];
    Array.prototype.forEach.call(fresh.querySelectorAll("[hx-preserve][id]"), function (copy) {
      var form = document.getElementById(copy.id);
      if (form && old.contains(form)) kept.push([form, copy]);
    });
    var had = document.activeElement;
    var start = null;
    var end = null;
    try {
      start = had.selectionStart;
      end = had.selectionEnd;
    } catch (e) {
      /* no selection in this field */
    }
    var parent = old.parentNode;
    if (parent.moveBefore) {
      // Out of the old board, still on the page; then into the new one.
      kept.forEach(function (pair) {
        parent.moveBefore(pair[0], old);
      });
      parent.replaceChild(fresh, old);
      kept.forEach(function (pair) {
        pair[1].parentNode.moveBefore(pair[0], pair[1]);
        pair[1].remove();
      });
    } else {
      kept.forEach(function (pair) {
        pair[1].parentNode.replaceChild(pair[0], pair[1]);
      });
      parent.replaceChild(fresh, old);
    }
    refocus(had, start, end);
  }

  // The site's refusal or failure, put where its headers say (the notice area).
  function putNotice(response, html) {
    var area = document.querySelector(response.headers.get("HX-Retarget"));
    if (!area) return;
    var made = document.createElement("template");
    made.innerHTML = html;
    var chosen = response.headers.get("HX-Reselect");
    var parts = chosen ? made.content.querySelectorAll(chosen) : [made.content];
    area.replaceChildren.apply(
      area,
      Array.prototype.map.call(parts, function (part) {
        return document.importNode(part, true);
      })
    );
  }

  // An answer dealt with; whether to ask again.
  function answered(url, response, html) {
    var status = response.status;
    if (status === 304) {
      tell("htmx:afterRequest", url, response, "successful");
      return true;
    }
    if (response.headers.get("HX-Retarget")) {
      putNotice(response, html);
      var failed = status >= 500;
      if (failed) tell("htmx:responseError", url, response, "failed");
      tell("htmx:afterRequest", url, response, failed ? "failed" : "successful");
      return true;
    }
    var made = document.createElement("template");
    made.innerHTML = html;
    var found = made.content.getElementById(BOARD);
    var old = board();
    var swapped = status === 200 || status === 286 || (status >= 400 && status < 500);
    if (!swapped || !found || !old) {
      // A proxy's 502 or 504, or an answer with no board in it.
      tell("htmx:responseError", url, response, "failed");
      tell("htmx:afterRequest", url, response, "failed");
      return true;
    }
    tag = response.headers.get("ETag") || "";
    replace(old, document.importNode(found, true));
    tell("htmx:afterRequest", url, response, "successful");
    return status !== 286;
  }

  function ask() {
    var seconds = pollSeconds(board());
    if (!seconds) return;
    window.setTimeout(function () {
      var url = board() && board().getAttribute("hx-get");
      if (!url) return;
      var headers = { "HX-Request": "true", "HX-Current-URL": window.location.href };
      if (tag) headers["If-None-Match"] = tag;
      // No answer by the next poll's time: given up, said as lost.
      var controller = window.AbortController ? new window.AbortController() : null;
      var late = false;
      var timer = window.setTimeout(function () {
        late = true;
        if (controller) controller.abort();
      }, seconds * 1000);
      window
        .fetch(url, {
          credentials: "same-origin",
          // The tag is this file's to send: a 304 comes here as a 304.
          cache: "no-store",
          headers: headers,
          signal: controller ? controller.signal : undefined,
        })
        .then(function (response) {
          return response.text().then(function (html) {
            return [response, html];
          });
        })
        .then(
          function (got) {
            window.clearTimeout(timer);
            return answered(url, got[0], got[1]);
          },
          function () {
            window.clearTimeout(timer);
            tell(late ? "htmx:timeout" : "htmx:sendError", url, null, "lost");
            tell("htmx:afterRequest", url, null, "failed");
            return true;
          }
        )
        .then(
          function (again) {
            if (again) ask();
          },
          function () {
            ask(); // this file's own fault: the board still asks again
          }
        );
    }, seconds * 1000);
  }

  // After the deferred scripts: failures.js listens by then.
  document.addEventListener("DOMContentLoaded", ask);
})();
