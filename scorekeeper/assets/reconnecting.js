// Scorekeeper: what a tab shows while its connection to the table is lost (docs/app.md, "Reconnecting").
//
// Flet's web client (1.0.5) shows its boot screen with the words "Working..." while it reconnects: the
// words are fixed in its compiled client (main.dart.js / main.dart.wasm pass the boot screen the options
// {spinner_size: 30, startup_message: "Working..."}), and neither index.html's `flet` settings nor the
// server can change them. So this page watches the app's websocket itself and, once a connection that
// had worked is lost, lays its own banner over the page, in the app's language: the one the app keeps in
// the browser's storage (Flet's SharedPreferences: localStorage "flutter.scorekeeper.lang"), else the
// browser's. The server keeps the tab's session (the table, the tile selected): when the client is
// back, the first message restores it and the banner goes. A tab the host disconnected (close code
// 4403) is told so, and stays told (its reconnects are refused).
(() => {
  "use strict";
  const WORDS = window.scorekeeperWords || {};
  const LANG_KEY = "flutter.scorekeeper.lang";
  const CLOSED_BY_HOST = 4403;
  const SHOW_AFTER_MS = 700; // a blink of the network shows nothing
  const Native = window.WebSocket;
  if (!Native || window.__scorekeeperReconnect) return;

  const state = window.__scorekeeperReconnect = {shown: null, revoked: false, everOpen: false, timer: null};

  function language() {
    try {
      const saved = JSON.parse(localStorage.getItem(LANG_KEY) || "null");
      if (saved && WORDS[saved]) return saved;
    } catch (e) { /* no storage, or not JSON: the browser's language */ }
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const code = String(tag).slice(0, 2).toLowerCase();
      if (WORDS[code]) return code;
    }
    return "en";
  }

  state.language = language; // for tests

  // The app's own Hangul font, fetched now: once the connection is lost nothing can be fetched, and a
  // computer without a Korean font would show the banner's Korean as boxes. Latin and Cyrillic come first
  // from the system's font; the bundled one fills in what it lacks.
  const FONT = "ScorekeeperBanner";
  if (window.FontFace && document.fonts) {
    const face = new FontFace(FONT, "url(/fonts/NotoSansKR-Subset-Regular.otf)");
    document.fonts.add(face);
    state.font = face.load().catch(() => null); // for tests: resolves once loaded (or failed)
  }

  function banner() {
    let node = document.getElementById("scorekeeper-reconnecting");
    if (node) return node;
    node = document.createElement("div");
    node.id = "scorekeeper-reconnecting";
    node.setAttribute("role", "status");
    node.setAttribute("aria-live", "assertive");
    node.style.cssText = "position:fixed;inset:0;z-index:2147483647;display:flex;flex-direction:column;" +
      "align-items:center;justify-content:center;gap:14px;padding:24px;box-sizing:border-box;" +
      "background:#F4F7F4;color:#1B1B1B;font-family:system-ui," + FONT + ",sans-serif;text-align:center;" +
      "word-break:keep-all;overflow-wrap:break-word"; // Korean breaks between words, as it is written
    const style = document.createElement("style");
    style.textContent = "@keyframes scorekeeper-spin{to{transform:rotate(360deg)}}" +
      "#scorekeeper-reconnecting .spin{width:34px;height:34px;border-radius:50%;border:4px solid #C8DCCF;" +
      "border-top-color:#2E6B4A;animation:scorekeeper-spin 1s linear infinite}" +
      "#scorekeeper-reconnecting.revoked .spin{display:none}" +
      "#scorekeeper-reconnecting h1{font-size:1.4rem;margin:0}" +
      "#scorekeeper-reconnecting p{font-size:1rem;margin:0;max-width:26rem;line-height:1.4}";
    node.append(style, Object.assign(document.createElement("div"), {className: "spin"}),
      document.createElement("h1"), document.createElement("p"));
    document.body.appendChild(node);
    return node;
  }

  function show(kind) {
    const words = WORDS[language()] || WORDS.en || {};
    const node = banner();
    node.className = kind;
    node.querySelector("h1").textContent = kind === "revoked" ? words.revoked : words.reconnecting;
    node.querySelector("p").textContent = kind === "revoked" ? words.rejoin : words.kept;
    node.style.display = "flex";
    state.shown = kind;
  }

  function hide() {
    clearTimeout(state.timer);
    state.timer = null;
    const node = document.getElementById("scorekeeper-reconnecting");
    if (node) node.style.display = "none";
    state.shown = null;
  }

  function lost(event) {
    if (event.code === CLOSED_BY_HOST) state.revoked = true;
    if (state.revoked) {
      show("revoked");
    } else if (state.everOpen && state.timer === null && state.shown === null) {
      state.timer = setTimeout(() => { state.timer = null; show("reconnecting"); }, SHOW_AFTER_MS);
    }
  }

  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!/\/ws(\?|$)/.test(String(url))) return; // the app's own socket only
      this.addEventListener("message", () => {
        state.everOpen = true;
        if (!state.revoked) hide();
      }, {once: true});
      this.addEventListener("close", lost);
    }
  }
  window.WebSocket = Watched;
})();
