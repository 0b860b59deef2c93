// The projector's bell (templates/scoring/projector.html): a hand bell made in
// the browser (Web Audio, no sound file), rung when the round's time runs out
// (clock.js), when a new round starts, and when the organiser rings it from the
// room (the count in data-bell-rung goes up). The words come from the server
// (data-bell-call, data-bell-start) in the club's language, each with the
// sentence to speak (data-bell-call-spoken, data-bell-start-spoken: the seats
// in words where the shown call prints the cards' letters, "na N", which a
// speech engine spells out): no game and no wording here.
// Browsers play sound only after a tap on the page: "Sound on" once.
(function () {
  "use strict";

  var seen = null; // the count and round last seen on this page
  var audio = null;
  var hideTimer = null;
  var SHOWN_MS = 90000;
  var SPEAK_KEY = "whist-bell-speak";

  function bell() {
    return document.querySelector("[data-bell]");
  }

  // One stroke of a hand bell: a few inharmonic partials dying away.
  function stroke(at) {
    var partials = [
      [1, 0.5],
      [2.76, 0.25],
      [5.4, 0.12],
    ];
    for (var i = 0; i < partials.length; i++) {
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = 880 * partials[i][0];
      gain.gain.setValueAtTime(partials[i][1], at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 2.5 / partials[i][0] + 0.4);
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start(at);
      osc.stop(at + 3);
    }
  }

  function tone() {
    if (!audio) return;
    var now = audio.currentTime;
    stroke(now);
    stroke(now + 0.6);
  }

  function speak(words) {
    var box = document.querySelector("[data-bell-speak]");
    if (!box || !box.checked || !window.speechSynthesis) return;
    var said = new window.SpeechSynthesisUtterance(words);
    said.lang = document.documentElement.lang;
    window.speechSynthesis.speak(said);
  }

  function ring(words, spoken) {
    var shown = document.querySelector("[data-bell-shown]");
    if (shown) {
      shown.textContent = words;
      shown.hidden = false;
      shown.dataset.rings = String(Number(shown.dataset.rings || 0) + 1);
      window.clearTimeout(hideTimer);
      hideTimer = window.setTimeout(function () {
        shown.hidden = true;
      }, SHOWN_MS);
    }
    tone();
    speak(spoken);
  }

  function check() {
    var el = bell();
    if (!el) {
      seen = null;
      return;
    }
    var now = {
      drive: el.dataset.bellDrive,
      rung: Number(el.dataset.bellRung),
      round: Number(el.dataset.bellRound),
    };
    if (seen && seen.drive === now.drive) {
      if (now.rung > seen.rung) ring(el.dataset.bellCall, el.dataset.bellCallSpoken);
      else if (now.round > seen.round) ring(el.dataset.bellStart, el.dataset.bellStartSpoken);
    }
    seen = now;
  }

  function soundOn(event) {
    var button = event.target.closest("[data-bell-sound]");
    if (!button) return;
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!audio) audio = new Context();
    if (audio.resume) audio.resume();
    button.setAttribute("aria-pressed", "true");
    tone();
  }

  function speakChanged(event) {
    if (!event.target.matches("[data-bell-speak]")) return;
    try {
      window.localStorage.setItem(SPEAK_KEY, event.target.checked ? "1" : "");
    } catch (e) {
      // A private window keeps no choice: the box is simply unticked next time.
    }
  }

  function setUp() {
    var box = document.querySelector("[data-bell-speak]");
    if (box) {
      try {
        box.checked = window.localStorage.getItem(SPEAK_KEY) === "1";
      } catch (e) {
        box.checked = false;
      }
    }
    var controls = document.querySelector("[data-bell-controls]");
    if (controls && controls.hidden) {
      controls.hidden = false;
      // The projector's board is fitted to the room under the top band, now
      // taller: fitted again (after a boosted click the board was fitted first).
      document.dispatchEvent(new CustomEvent("projector:refit"));
    }
    check();
  }

  document.addEventListener("click", soundOn);
  document.addEventListener("change", speakChanged);
  document.addEventListener("htmx:afterSwap", check);
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target === document.body) setUp();
  });
  document.addEventListener("clock:time-up", function () {
    var el = bell();
    if (el) ring(el.dataset.bellCall, el.dataset.bellCallSpoken);
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
