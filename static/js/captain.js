// The captain's phone: quick entry steps, and entries that survive a dropped connection.
//
// The page works without this file (each step is a plain form). With it:
// - the steps (who won, odd tricks, honours where asked, check, a revoke) run
//   in the page, with no round trip;
// - each entry gets its own random key, made here, so sending it twice (a retry,
//   a double tap, a reload) never makes two results on the server;
// - an entry is kept in localStorage until the server has answered it, shown as
//   "Sending…" while a request is on its way, "Still sending…" on a slow line
//   (the request still pending after the server's data-slow-ms), "not sent
//   yet" with the offline message only once a send has really failed (no
//   network, a 5xx, no answer after data-give-up-ms), and sent again (one at
//   a time, under its key) when the connection returns or the page loads;
// - the Send button is disabled from the first tap;
// - while the page asks for an entry, it asks the server every few seconds
//   whether the table has changed (a cheap fingerprint, as the boards use), and
//   when another phone or the organiser has recorded the hand it moves on,
//   saying what was recorded (the words and numbers come from the server); a
//   change that leaves the hand the table's (the organiser correcting an
//   earlier hand) brings the captain back to the step they were on;
// - after a send, the reloaded page says what the server took in, in its words
//   (with, at a rubber table, any game or rubber the hand won);
// - a prediction whist deal is checked and kept as it is entered by
//   captain_wist.js, on the pages that load htmx for it.
// Every word shown here comes from the template, translated there, and every
// number from the server: the entry lists each hand it can be told (N-S tricks,
// honours, revoke) with both sides' tricks and scores under the drive's rules,
// so this file does no arithmetic.
// No inline scripts or handlers anywhere: the site runs under a strict CSP.
(function () {
  "use strict";

  var root = document.getElementById("captain");
  if (!root) return;

  var STORE = "whist-captain-queue:" + root.dataset.link;
  var NOTICE = "whist-captain-notice:" + root.dataset.link;
  var NEWS = "whist-captain-news:" + root.dataset.link;
  var TIMEOUT_MS = 15000;
  // A send: said to be slow after SLOW_MS, given up as failed after GIVE_UP_MS
  // (the server's numbers; a slow line is not a lost one).
  var SLOW_MS = parseInt(root.dataset.slowMs, 10) || TIMEOUT_MS;
  var GIVE_UP_MS = parseInt(root.dataset.giveUpMs, 10) || 60000;
  var RETRY_MS = 5000;
  var ASK_MS = (parseInt(root.dataset.pollSeconds, 10) || 5) * 1000;

  function own(table, key) {
    return table && key !== null && key !== undefined && Object.prototype.hasOwnProperty.call(table, key)
      ? table[key]
      : null;
  }

  // The entry's table, from the server (data-tricks on the entry's section);
  // its lists are indexed by N-S tricks:
  // {tricks: [[N-S tricks, E-W tricks], ...],
  //  said: [the tricks in words, as the check's caption reads them out],
  //  scores: {honours: {revoke: [[N-S score, E-W score], ...]}},
  //  words: {honours: {revoke: the honours and revoke in words}},
  //  from_odd: {"NS" or "EW": {odd tricks: N-S tricks}}}.
  // Honours other than "" are there only when the hand asks for them.
  function tableOf(entry) {
    if (!entry.whistTricks) {
      try {
        entry.whistTricks = JSON.parse(entry.dataset.tricks || "{}") || {};
      } catch (e) {
        entry.whistTricks = {}; // no table: every step goes to the server
      }
    }
    return entry.whistTricks;
  }

  // The line the server made for this hand (null: not one the entry can be told).
  function lineOf(entry, ns, honours, revoke) {
    var table = entry ? tableOf(entry) : {};
    var tricks = own(table.tricks, ns);
    var scores = own(own(own(table.scores, honours || ""), revoke || ""), ns);
    if (!Array.isArray(tricks) || !Array.isArray(scores)) return null;
    return {
      ns_tricks: tricks[0],
      ew_tricks: tricks[1],
      ns_score: scores[0],
      ew_score: scores[1],
      words: own(own(table.words, honours || ""), revoke || "") || "",
      said: own(table.said, ns) || "",
    };
  }
  var sending = false;
  // The page is on its way to its next load (after a send's answer): a news
  // answer arriving meanwhile is about this phone's own entry, not another's.
  var leaving = false;
  // The last attempt to send got no answer (or a "not now"): the phone is
  // offline as far as the captain can tell, until the queue is empty again.
  var failed = false;
  // The send on its way has taken longer than SLOW_MS: "Still sending…".
  var slow = false;
  var asking = false;
  var shown = 0; // entries the queue box showed last time: more means it just grew
  var entries = 0; // entries made on this page: a change they made is not news
  var lastClicked = null; // for browsers without SubmitEvent.submitter

  // --- the queue, kept in the browser --------------------------------------------

  function load() {
    try {
      var items = JSON.parse(window.localStorage.getItem(STORE) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (e) {
      return [];
    }
  }

  function save(items) {
    try {
      if (items.length) window.localStorage.setItem(STORE, JSON.stringify(items));
      else window.localStorage.removeItem(STORE);
    } catch (e) {
      /* private mode: the entry still goes, it is just not kept across reloads */
    }
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map
      .call(bytes, function (b) {
        return ("0" + b.toString(16)).slice(-2);
      })
      .join("");
  }

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (e) {
      return "";
    }
  }

  // --- words on the page ----------------------------------------------------------

  // The sides' labels in the page's language (N-S, E-W; С-Ю, В-З), and the
  // sides named in full (North–South; Nord–Sud), each with its span's class.
  var SIDES = (root.dataset.sides || "").split(" ").filter(Boolean).map(function (label) {
    return [label, "side"];
  }).concat((root.dataset.sideNames || "").split("|").filter(Boolean).map(function (name) {
    return [name, "side-name"];
  }));

  // `text` into `el`, each side's label in a span.side that keeps it on one
  // line, and each side's full name in a span.side-name that keeps it whole
  // where it fits, as the server's sides filter does: large type breaks the
  // words, never "С-" from "Ю" nor "Nord–" from "Sud", nor a label from its
  // number ("N-S 9", the queue's line while it sends). The text read from the
  // element is `text` unchanged.
  function say(el, text) {
    el.textContent = "";
    var rest = String(text || "");
    while (rest) {
      var at = -1;
      var side = "";
      var kind = "";
      SIDES.forEach(function (pair) {
        var found = rest.indexOf(pair[0]);
        if (found !== -1 && (at === -1 || found < at || (found === at && pair[0].length > side.length))) {
          at = found;
          side = pair[0];
          kind = pair[1];
        }
      });
      if (at === -1) {
        el.appendChild(document.createTextNode(rest));
        return;
      }
      if (at) el.appendChild(document.createTextNode(rest.slice(0, at)));
      var span = document.createElement("span");
      span.className = kind;
      span.textContent = side;
      rest = rest.slice(at + side.length);
      // A label's number ("N-S 9") stays on its line with it, in a span.side-held;
      // a full name's number, and the marks after it, with the name's last word,
      // inside the name's box ("Восток–" over "Запад 4;", never "Восток–Запад"
      // over "4; 3 взятки", nor the ";" alone after the box).
      var number = (kind === "side" ? /^ \d+/ : /^ \d+[.,;:!?)\u00bb\u201d]*/).exec(rest);
      if (number && kind === "side") {
        var held = document.createElement("span");
        held.className = "side-held";
        held.appendChild(span);
        held.appendChild(document.createTextNode(number[0]));
        el.appendChild(held);
        rest = rest.slice(number[0].length);
      } else if (number) {
        var dash = side.lastIndexOf("\u2013") + 1;
        var tail = document.createElement("span");
        tail.className = "side-held";
        tail.textContent = side.slice(dash) + number[0];
        span.textContent = side.slice(0, dash);
        span.appendChild(tail);
        el.appendChild(span);
        rest = rest.slice(number[0].length);
      } else {
        el.appendChild(span);
      }
    }
  }

  // --- showing the queue -------------------------------------------------------------

  function render(items) {
    var box = document.getElementById("captain-queue");
    if (!box) return;
    var list = box.querySelector(".queue-items");
    list.textContent = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      say(li, item.label);
      list.appendChild(li);
    });
    if (!items.length) failed = false;
    box.hidden = items.length === 0;
    // Once offline, it stays "not sent yet" through the retries, without flickering.
    var state = failed ? "offline" : sending ? (slow ? "slow" : "sending") : "waiting";
    var titles = { sending: box.dataset.sending, slow: box.dataset.slow };
    box.querySelector('[data-slot="queue-title"]').textContent = titles[state] || box.dataset.notSent;
    box.querySelector(".queue-slow").hidden = state !== "slow";
    box.querySelector(".queue-offline").hidden = state !== "offline";
    box.querySelector("[data-queue-retry]").disabled = sending;
    box.dataset.state = state;
    // A hand waiting in the queue is not asked for again.
    var hands = items.map(function (item) {
      return String(item.hand);
    });
    Array.prototype.forEach.call(root.querySelectorAll("[data-hand]"), function (section) {
      section.hidden = hands.indexOf(section.dataset.hand) !== -1;
    });
    // Sent from low on a long page: the form has folded away and the box sits
    // above the screen. Bring it into view rather than leave a blank phone.
    if (items.length > shown && box.getBoundingClientRect().top < 0) {
      box.scrollIntoView({ block: "nearest" });
    }
    shown = items.length;
  }

  function notice(message, ok) {
    var el = document.getElementById("captain-notice");
    if (!el) return;
    say(el, message);
    el.hidden = !message;
    el.classList.toggle("ok", !!ok);
  }

  // --- sending -------------------------------------------------------------------------

  // fetch, given up after `wait` ms (TIMEOUT_MS unless said); the answer's
  // status and JSON body (or {}).
  function ask(url, options, wait) {
    var timer = null;
    if (window.AbortController) {
      var controller = new AbortController();
      options.signal = controller.signal;
      timer = window.setTimeout(function () {
        controller.abort();
      }, wait || TIMEOUT_MS);
    }
    return window.fetch(url, options).then(
      function (response) {
        if (timer) window.clearTimeout(timer);
        return response
          .json()
          .catch(function () {
            return {};
          })
          .then(function (data) {
            return { status: response.status, data: data };
          });
      },
      function (error) {
        if (timer) window.clearTimeout(timer);
        throw error;
      }
    );
  }

  function post(item) {
    var body = new URLSearchParams();
    Object.keys(item.fields).forEach(function (name) {
      body.append(name, item.fields[name]);
    });
    // Still on its way after SLOW_MS: the line is slow, not down. The phone
    // says so and waits; nothing is sent again while this send is pending.
    var timer = window.setTimeout(function () {
      slow = true;
      render(load());
    }, SLOW_MS);
    function done() {
      window.clearTimeout(timer);
      slow = false;
    }
    var options = {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), Accept: "application/json" },
    };
    return ask(item.url, options, GIVE_UP_MS).then(
      function (answer) {
        done();
        return answer;
      },
      function (error) {
        done();
        throw error;
      }
    );
  }

  // Worth trying again later: no answer, or an answer that says "not now".
  function retryable(status) {
    return status === 403 || status === 408 || status === 429 || status >= 500;
  }

  function flush() {
    if (sending) return;
    var items = load();
    if (!items.length) {
      render(items);
      return;
    }
    sending = true;
    render(items);
    var reload = false;
    var messages = [];
    var said = []; // the server's words for what it took in, shown after the reload
    var took = []; // all of them, shown until the reload can be made

    function next() {
      var queue = load();
      if (!queue.length) return finish(false);
      var item = queue[0];
      return post(item).then(
        function (answer) {
          if (retryable(answer.status)) return finish(true);
          // Answered: done with it, whatever the answer (a refusal is final).
          save(
            load().filter(function (other) {
              return other.id !== item.id;
            })
          );
          if (answer.status >= 200 && answer.status < 300) {
            reload = true;
            // A message the reloaded page says itself (a round's last hand) is left out.
            if (answer.data && answer.data.message) {
              took.push(answer.data.message);
              if (!answer.data.on_page) said.push(answer.data.message);
            }
          } else messages.push((answer.data && answer.data.message) || root.dataset.refused);
          return next();
        },
        function () {
          return finish(true);
        }
      );
    }

    function finish(unanswered) {
      sending = false;
      failed = unanswered;
      try {
        if (messages.length) window.sessionStorage.setItem(NOTICE, messages.join(" "));
        if (reload && said.length) window.sessionStorage.setItem(NEWS, said.join(" "));
      } catch (e) {
        /* refusals are shown below anyway; what went in shows on the page */
      }
      if (reload || (messages.length && !unanswered)) {
        // Show what the server now knows (and any refusal, kept for the new page);
        // a box still saying "Sending…" would contradict it until the page loads.
        var box = document.getElementById("captain-queue");
        if (box && !load().length) box.hidden = true;
        moveOn(took.join(" "));
        return;
      }
      render(load());
      if (messages.length) notice(messages.join(" "));
    }

    next();
  }

  // Moving the page on (after a send, or news from the room) loads it again. A
  // load the line cannot carry would leave the browser's own error page, in
  // the browser's language, for as long as the line is down, and no word of
  // what went in. So the page is first asked for (its headers only); until it
  // answers, the captain reads here what the server took in, and the phone
  // asks again every few seconds.
  // `where`: the page to load (the table's page unless said).
  function moveOn(words, where) {
    var target = where || root.dataset.page;
    leaving = true;
    if (words) notice(words, true);
    ask(target, { method: "HEAD", credentials: "same-origin", cache: "no-store" }).then(
      function () {
        window.location.replace(target);
      },
      function () {
        window.setTimeout(function () {
          moveOn("", target);
        }, RETRY_MS);
      }
    );
  }

  // The table's page at the step of the entry the captain is half-way through
  // (who won, the tricks, the honours, any revoke), as a page without this
  // script asks for it: news of something else at the table (the organiser
  // correcting an earlier hand, a seat changed) reloads the page, and the
  // captain comes back to the check they were about to send, not to the first
  // question with no word of why. The server shows the step only while the
  // hand is still the table's to enter.
  function atStep() {
    var page = root.dataset.page;
    var entry = root.querySelector(".entry[data-hand]");
    var name = entry ? entry.dataset.step : "";
    if (!name || name === "first") return page;
    var query = new URLSearchParams();
    query.set("hand", entry.dataset.hand);
    if (name === "odd") {
      query.set("won", value(entry, "won-input"));
    } else {
      query.set("ns", value(entry, "ns-input"));
      if (name === "check") {
        if (entry.querySelector(".step-honours")) query.set("honours", value(entry, "honours-input"));
        if (value(entry, "revoke-input")) query.set("revoke", value(entry, "revoke-input"));
      }
    }
    return page + (page.indexOf("?") === -1 ? "?" : "&") + query.toString();
  }

  function enqueue(form, submitter) {
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "submit" || el.name === "csrfmiddlewaretoken") return;
      if (el.disabled) return;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) return;
      fields[el.name] = el.value;
    });
    if (submitter && submitter.name) fields[submitter.name] = submitter.value;
    var items = load();
    var id = fields.idempotency_key || newKey();
    if (
      items.some(function (item) {
        return item.id === id;
      })
    ) {
      return;
    }
    // The label's words come from the page: data-label-tricks and data-label-words
    // are whole sentences with {ns}, {ew} and {words} where the numbers go.
    var label = form.dataset.label || root.dataset.entry || "";
    var line = lineOf(form.closest(".entry"), fields.ns_tricks, fields.honours, fields.revoke);
    var pattern = line && (line.words ? form.dataset.labelWords : form.dataset.labelTricks);
    if (form.dataset.queue === "result" && pattern) {
      label = pattern
        .replace("{ns}", String(line.ns_tricks))
        .replace("{ew}", String(line.ew_tricks))
        .replace("{words}", function () {
          return line.words;
        });
    }
    items.push({ id: id, url: form.action, fields: fields, hand: fields.hand, label: label });
    save(items);
    entries += 1;
  }

  // --- the entry steps, in the page ----------------------------------------------------

  function showStep(entry, name) {
    Array.prototype.forEach.call(entry.querySelectorAll(".step"), function (step) {
      step.hidden = !step.classList.contains("step-" + name);
    });
    entry.dataset.step = name;
    var shown = entry.querySelector(".step-" + name);
    if (shown) shown.scrollIntoView({ block: "nearest" });
  }

  function slot(entry, name) {
    return entry.querySelector('[data-slot="' + name + '"]');
  }

  // Every input of the entry that carries `name` (the later steps' forms carry
  // what the earlier ones chose, for a page that goes to the server after all).
  function fill(entry, name, value) {
    Array.prototype.forEach.call(entry.querySelectorAll('[data-slot="' + name + '"]'), function (input) {
      input.value = value;
    });
  }

  function value(entry, name) {
    var input = slot(entry, name);
    return input ? input.value : "";
  }

  // The check step of what the entry holds (false: the server has no such line).
  function check(entry) {
    var revoke = value(entry, "revoke-input");
    var line = lineOf(entry, value(entry, "ns-input"), value(entry, "honours-input"), revoke);
    if (!line) return false;
    slot(entry, "ns-tricks").textContent = String(line.ns_tricks);
    slot(entry, "ew-tricks").textContent = String(line.ew_tricks);
    slot(entry, "ns-score").textContent = String(line.ns_score);
    slot(entry, "ew-score").textContent = String(line.ew_score);
    var said = slot(entry, "said");
    if (said) say(said, line.said);
    var words = slot(entry, "words");
    if (words) {
      say(words, line.words);
      words.hidden = !line.words;
    }
    Array.prototype.forEach.call(entry.querySelectorAll('button[name="revoke"]'), function (button) {
      button.setAttribute("aria-pressed", button.value === revoke ? "true" : "false");
    });
    // A new entry, a new key: a retry of this entry reuses it, a new entry never does.
    slot(entry, "key-input").value = newKey();
    var send = entry.querySelector("[data-send]");
    if (send) send.disabled = false;
    showStep(entry, "check");
    return true;
  }

  function step(form, submitter) {
    var entry = form.closest(".entry");
    if (!entry || !submitter) return false;
    if (submitter.name === "won") {
      // The page holds the question for each pair: the one for the pair that won shows.
      Array.prototype.forEach.call(entry.querySelectorAll("[data-won]"), function (question) {
        question.hidden = question.dataset.won !== (submitter.value === "EW" ? "EW" : "NS");
      });
      slot(entry, "won-input").value = submitter.value;
      showStep(entry, "odd");
      return true;
    }
    if (submitter.name === "honours" || submitter.name === "revoke") {
      fill(entry, submitter.name + "-input", submitter.value);
      return check(entry);
    }
    var ns = null;
    if (submitter.name === "odd") {
      ns = own(own(tableOf(entry).from_odd, value(entry, "won-input")), submitter.value);
    }
    if (submitter.name === "ns") ns = submitter.value;
    if (!lineOf(entry, ns, "", "")) return false;
    // New tricks: the honours and any revoke are asked again.
    fill(entry, "ns-input", String(ns));
    fill(entry, "honours-input", "");
    fill(entry, "revoke-input", "");
    var details = entry.querySelector("details.revoke");
    if (details) details.open = false;
    if (entry.querySelector(".step-honours")) {
      showStep(entry, "honours");
      return true;
    }
    return check(entry);
  }

  root.addEventListener("submit", function (event) {
    var form = event.target;
    var submitter = event.submitter || lastClicked;
    if (form.method.toLowerCase() === "get" && form.closest(".entry")) {
      if (step(form, submitter)) event.preventDefault();
      return;
    }
    // Without JavaScript, Check shows the sums by a whole page; here htmx does it.
    if (submitter && submitter.hasAttribute("data-check")) return;
    if (!form.dataset.queue) return;
    event.preventDefault();
    Array.prototype.forEach.call(form.querySelectorAll("button"), function (button) {
      button.disabled = true;
    });
    enqueue(form, submitter);
    notice("");
    flush();
  });

  root.addEventListener("click", function (event) {
    lastClicked = event.target.closest ? event.target.closest("button") : null;
    var back = event.target.closest ? event.target.closest("[data-step-back]") : null;
    if (back) {
      var entry = back.closest(".entry");
      if (entry) {
        event.preventDefault();
        showStep(entry, "first");
      }
      return;
    }
    if (event.target.closest && event.target.closest("[data-queue-retry]")) flush();
  });

  // --- news from the other phones at the table -----------------------------------------

  // Only while the page asks for an entry: otherwise it updates itself (below).
  function askForNews() {
    var state = document.getElementById("captain-state");
    if (!state || !state.dataset.fingerprint || !root.dataset.news) return;
    if (asking || sending || leaving || load().length) return;
    var before = entries;
    var url =
      root.dataset.news +
      "?seen=" +
      encodeURIComponent(state.dataset.fingerprint) +
      "&hand=" +
      encodeURIComponent(state.dataset.currentHand || "");
    asking = true;
    ask(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } }).then(
      function (answer) {
        asking = false;
        // 204: nothing new. A failed ask is not the captain's worry: the next one may do.
        if (answer.status !== 200 || !answer.data.fingerprint) return;
        // This phone sent something meanwhile: its own answer moves the page on.
        if (entries !== before || sending || leaving || load().length) return;
        try {
          if (answer.data.message) window.sessionStorage.setItem(NEWS, answer.data.message);
        } catch (e) {
          /* the page still moves on, without the words */
        }
        moveOn(answer.data.message, atStep());
      },
      function () {
        asking = false;
      }
    );
  }

  window.setInterval(askForNews, ASK_MS);

  // --- the page while it waits -----------------------------------------------------------

  // While nothing is asked of the table (the drive not started, no game here,
  // the room still playing), the state element says what htmx would do with it
  // (hx-get, every few seconds, outerHTML). A page without htmx (every table's
  // but a prediction whist table's, whose deals htmx checks) does it here, so
  // that the phone's first load on the hall's Wi-Fi needs no htmx: the state
  // is asked for the poll's seconds after the page loaded or the last answer
  // came in, and put in place. 286: the drive is over, nothing more is asked.
  function waitForTheRoom() {
    if (window.htmx) return;
    window.setTimeout(function () {
      var state = document.getElementById("captain-state");
      var url = state && state.getAttribute("hx-get");
      if (!url || sending || leaving) return waitForTheRoom();
      window
        .fetch(url, { credentials: "same-origin", headers: { "HX-Request": "true" } })
        .then(function (response) {
          return response.text().then(function (html) {
            if (response.status !== 200 && response.status !== 286) return true;
            var made = document.createElement("template");
            made.innerHTML = html;
            var fresh = made.content.getElementById("captain-state");
            if (fresh && state.parentNode && !leaving) {
              state.parentNode.replaceChild(fresh, state);
              render(load());
            }
            return response.status !== 286;
          });
        })
        .catch(function () {
          return true; // no answer: the next ask may have one
        })
        .then(function (again) {
          if (again) waitForTheRoom();
        });
    }, ASK_MS);
  }
  // After the deferred scripts: htmx, where the page has it, has loaded by then.
  document.addEventListener("DOMContentLoaded", waitForTheRoom);

  // --- when to send again ------------------------------------------------------------

  window.addEventListener("online", flush);
  window.setInterval(function () {
    if (load().length) flush();
  }, RETRY_MS);
  document.body.addEventListener("htmx:afterSwap", function () {
    render(load());
  });

  try {
    var news = window.sessionStorage.getItem(NEWS);
    if (news) {
      window.sessionStorage.removeItem(NEWS);
      notice(news, true);
    }
    var kept = window.sessionStorage.getItem(NOTICE);
    if (kept) {
      window.sessionStorage.removeItem(NOTICE);
      notice(kept);
    }
  } catch (e) {
    /* nothing kept */
  }
  flush();
})();
