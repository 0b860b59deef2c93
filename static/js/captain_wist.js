// The captain's phone at a prediction whist table (loaded with htmx, after captain.js).
//
// A deal (one form: every prediction, then every player's tricks) is checked
// by the server at each change: htmx posts the form and puts back the server's
// form (the barred number greyed out, the sums, Send once the deal is right).
// What was chosen is kept on the phone until the table moves on, so a reload
// or a locked screen loses nothing, and a check that cannot reach the server
// leaves Send usable (the send is checked). captain.js sends the deal.
// No inline scripts or handlers anywhere: the site runs under a strict CSP.
(function () {
  "use strict";

  var root = document.getElementById("captain");
  if (!root) return;
  // A page with this script needs no Check button: htmx checks each change as
  // it is made (should htmx not have loaded, the button comes back).
  root.classList.add("scripted");
  window.addEventListener("load", function () {
    if (!window.htmx) root.classList.remove("scripted");
  });

  var DRAFT = "whist-captain-draft:" + root.dataset.link;

  // A word over the page (captain.js says the others): "" hides it.
  function notice(message) {
    var el = document.getElementById("captain-notice");
    if (!el) return;
    el.textContent = message;
    el.hidden = !message;
    el.classList.remove("ok");
  }

  // What the captain has chosen for the deal on the page: {hand, fields}.
  function saveDraft(form) {
    var fields = {};
    Array.prototype.forEach.call(form.querySelectorAll("input[type=radio]"), function (input) {
      if (input.checked && !input.disabled) fields[input.name] = input.value;
    });
    try {
      window.localStorage.setItem(DRAFT, JSON.stringify({ hand: form.dataset.draft, fields: fields }));
    } catch (e) {
      /* private mode: the form still holds it */
    }
  }

  // On load: what was chosen for this deal before a reload comes back, and the
  // server checks it again; a draft of another deal is done with.
  function restoreDraft() {
    var form = root.querySelector("form[data-draft]");
    var draft = null;
    try {
      draft = JSON.parse(window.localStorage.getItem(DRAFT) || "null");
    } catch (e) {
      draft = null;
    }
    if (!draft || typeof draft !== "object") return;
    if (!form) return; // kept while an opponent checks: a deal turned down comes back
    if (String(draft.hand) !== form.dataset.draft) {
      // The table has moved on to another deal.
      try {
        window.localStorage.removeItem(DRAFT);
      } catch (e) {
        /* nothing kept */
      }
      return;
    }
    var changed = false;
    Object.keys(draft.fields || {}).forEach(function (name) {
      Array.prototype.forEach.call(form.querySelectorAll("input[type=radio]"), function (input) {
        if (input.name === name && input.value === String(draft.fields[name]) && !input.checked && !input.disabled) {
          input.checked = true;
          changed = true;
        }
      });
    });
    if (changed && window.htmx) window.htmx.trigger(form, "change");
    return changed;
  }

  // A check's answer can land just after the next tap (on a slow line): the
  // form it brings lacks that tap. The draft has it, so it is put back and
  // checked again; a few times at most, so a form the server keeps changing
  // cannot make the phone ask for ever.
  var putBack = 0;
  root.addEventListener("change", function (event) {
    if (event.isTrusted) putBack = 0;
    var form = event.target.closest ? event.target.closest("form[data-draft]") : null;
    if (form) saveDraft(form);
  });
  // After the settle: htmx has taken in the new form, so it can post it.
  document.body.addEventListener("htmx:afterSettle", function () {
    if (putBack < 3 && root.querySelector("form[data-draft]") && restoreDraft()) putBack += 1;
  });

  // The check could not reach the server: the entry can still be sent (and
  // queued if need be); the server checks it when it arrives.
  function uncheckable(event) {
    var form = event.target && event.target.closest ? event.target.closest("form[data-draft]") : null;
    if (!form) return;
    var send = form.querySelector("[data-send]");
    if (send) send.disabled = false;
    notice(form.dataset.unchecked || "");
  }
  document.body.addEventListener("htmx:sendError", uncheckable);
  document.body.addEventListener("htmx:timeout", uncheckable);
  document.body.addEventListener("htmx:responseError", uncheckable);
  document.body.addEventListener("htmx:afterSwap", function () {
    var form = root.querySelector("form[data-draft]");
    var shown = document.getElementById("captain-notice");
    if (form && shown && !shown.hidden && shown.textContent === form.dataset.unchecked) notice("");
  });

  window.addEventListener("load", restoreDraft);
})();
