// The page: play a match against an agent, or replay one step by step. Everything it
// shows comes from the server's JSON (board, declared state, decisions, narrated lines).

import { Board } from "./board.js";
import { dice, h, line, ref, scoreboard, statePanel } from "./panel.js";

const $ = (id) => document.getElementById(id);
const state = { config: null, editions: new Map(), edition: null, board: null, mode: "play", game: null, clicks: [], replay: null, step: 0 };

async function api(path, body = undefined) {
  const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// While the server works, the status line says what it does; after, the status is what the work left.
function busy(on, text = "") {
  document.body.classList.toggle("busy", on);
  const status = $(state.mode === "play" ? "play-status" : "replay-status");
  if (on) {
    status.textContent = text;
    status.dataset.busy = text;
  } else if (status.textContent === status.dataset.busy) {
    status.textContent = "";
  }
}

function error(message) {
  $("error").hidden = !message;
  $("error").textContent = message || "";
}

async function guard(text, work) {
  error("");
  busy(true, text);
  try {
    await work();
    busy(false);
  } catch (e) {
    busy(false);
    error(e.message);
  }
}

// ---- editions and the board

async function useEdition(view) {
  state.editions.set(view.id, view);
  if (state.edition && state.edition.id === view.id && state.board) return;
  state.edition = view;
  document.body.dataset.edition = view.id;
  $("edition").value = view.id;
  $("title").textContent = view.title;
  state.board = new Board($("board"), view, onArea);
  $("play-rules").replaceChildren(...Object.entries(view.rules).map(([r, spec]) =>
    h("label", { title: `[${spec.ref}]` }, h("input", { type: "checkbox", value: r, checked: state.config.rules.includes(r) || spec.default ? "" : null }), ` ${r} ${spec.title}`)));
  $("skill-names").replaceChildren(...Object.keys(view.skills).map((s) => h("option", { value: s })));
  const teams = state.config.teams;
  $("play-side").replaceChildren(...teams.map((t) => h("option", { value: t }, `${view.teams[t]} (${t})`)));
}

async function loadEdition(id) {
  const view = state.editions.get(id) || (await api(`/api/edition/${id}`));
  await useEdition(view);
}

// ---- play

function renderGame() {
  const g = state.game, ed = state.edition, d = g.decision;
  const marks = new Map();
  const open = d && d.team === g.human ? d.options.map((o, i) => ({ ...o, i })).filter((o) => o.areas.length) : [];
  const matching = open.filter((o) => state.clicks.every((a, k) => o.areas[k] === a));
  for (const a of state.clicks) marks.set(a, "chosen");
  for (const o of matching) if (o.areas.length > state.clicks.length) marks.set(o.areas[state.clicks.length], "candidate");
  state.board.show(g.state, marks);
  scoreboard($("scoreboard"), ed, g.state);
  statePanel($("state"), ed, g.state);
  const lines = g.steps.map((s, i) => line(s, i));
  $("lines").replaceChildren(...lines);
  if (lines.length) lines[lines.length - 1].scrollIntoView({ block: "nearest" });
  const last = g.steps[g.steps.length - 1];
  current(last);
  $("undo").disabled = !g.can_undo;
  $("download").hidden = false;
  $("download").href = `/api/games/${g.id}/log`;
  const picked = new Set(state.clicks.length ? matching.map((o) => o.i) : []);
  if (!d) {
    $("decision").replaceChildren(h("p", { class: "over" }, "Full time. Save the log to replay it, or start a new match."));
    return;
  }
  const mine = d.team === g.human;
  delete $("decision").dataset.oddsReady;
  $("decision").replaceChildren(...[
    h("p", { class: "ask" }, h("span", { class: `swatch ${d.team}` }), h("b", {}, `${ed.teams[d.team]} (${d.team})`), `: ${d.label} `,
      h("button", { id: "rule-toggle", class: "link", title: "the rule text of this chapter", onclick: () => { $("rule-text").hidden = !$("rule-text").hidden; } }, `rule ${d.ref || ""} ▸`)),
    ruleText(d),
    open.length ? h("p", { class: "hint muted" }, "Click an area on the pitch, or a button. Beside each option: its exact odds to the end of this rule.") : null,
    h("div", { class: "options" }, d.options.map((o, i) =>
      h("button", { class: `option ${picked.has(i) ? "picked" : ""}`, "data-option": i, title: o.label, disabled: mine ? null : "", onclick: () => choose(i) },
        h("span", { class: "option-text" }, o.text), h("span", { class: "odds", "data-odds": i }, mine ? "odds…" : "")))),
  ].filter(Boolean));
  const first = $("decision").querySelector(".option.picked");
  if (first) first.scrollIntoView({ block: "nearest" });  // the options the clicked area leaves open
  if (mine) loadOdds(g);
}

// The rules the edition writes for the decision's chapter: doc and text, shown on a click.
function ruleText(d) {
  const rules = d.rules || [];
  return h("div", { id: "rule-text", class: "rule-text", hidden: "" },
    h("p", {}, h("b", {}, `Chapter ${d.ref || "?"}`), rules.length ? ", as the edition writes it:" : ": the edition names no rule with this chapter."),
    rules.map((r) => h("div", { class: "rule" }, h("code", {}, r.name), r.doc ? h("p", { class: "muted" }, r.doc) : null, h("pre", {}, r.text))));
}

// The exact odds of each option (the engine's enumeration over the dice), beside it.
async function loadOdds(g) {
  const asked = g;
  let data;
  try {
    data = await api(`/api/games/${g.id}/odds`);
  } catch (e) {
    for (const span of $("decision").querySelectorAll("[data-odds]")) span.textContent = "";
    return;
  }
  if (state.game !== asked) return;  // the match moved on meanwhile
  for (const row of data.options) {
    const span = $("decision").querySelector(`[data-odds="${row.option}"]`);
    if (!span) continue;
    if (row.note) {
      span.textContent = "odds: not enumerated";
      span.title = row.note;
      continue;
    }
    const first = row.measures[0];
    span.textContent = `${first.label} ` + first.odds.map((o) => `${o.value} ${Math.round(o.p * 100)}%`).join(" · ");
    span.dataset.exact = JSON.stringify(Object.fromEntries(first.odds.map((o) => [o.value, o.exact])));
    span.title = `Exact, over every dice outcome to the end of this rule (later choices in it by the ${data.agent} for both teams):\n` +
      row.measures.map((m) => `${m.label}: ` + m.odds.map((o) => `${o.value} ${o.exact}`).join(", ")).join("\n") +
      "\nlikeliest: " + row.joint.slice(0, 3).map((j) => `${j.value} (${Math.round(j.p * 100)}%)`).join("; ");
  }
  $("decision").dataset.oddsReady = "1";
}

function current(step) {
  $("current").replaceChildren(...(step ? [h("span", { class: "text" }, step.line.replace(/\s*\[[^\]]*\]$/, "")), " ", ref(step.ref), step.dice.length ? dice(step.dice) : ""] : []));
}

// The advanced rules ticked and the skills typed, for a new match or a seed to replay.
function matchOptions() {
  const rules = [...$("play-rules").querySelectorAll("input:checked")].map((x) => x.value);
  const skills = Object.fromEntries(state.config.teams.map((t) => [t, $(`skills-${t}`).value.split(",").map((s) => s.trim()).filter(Boolean)]));
  return { edition: $("edition").value, rules, skills };
}

async function startGame() {
  const body = { ...matchOptions(), seed: Number($("play-seed").value) || 0, human: $("play-side").value, agent: $("play-agent").value };
  await guard("starting the match…", async () => {
    const data = await api("/api/games", body);
    await useEdition(data.edition);
    state.game = data;
    state.clicks = [];
    document.body.dataset.game = data.id;
    renderGame();
  });
}

async function choose(i) {
  if (!state.game || document.body.classList.contains("busy")) return;
  const id = state.game.id, agent = state.game.agent;
  await guard(`${agent} is answering…`, async () => {
    const watch = setInterval(() => progress(id, agent), 500);  // the agent's thinking, with progress
    try {
      const view = await api(`/api/games/${id}/choose`, { index: i });
      state.game = { ...view, id };
    } finally {
      clearInterval(watch);
    }
    state.clicks = [];
    renderGame();
  });
}

async function progress(id, agent) {
  const p = await api(`/api/games/${id}/progress`).catch(() => null);
  if (!p || !p.busy || !document.body.classList.contains("busy")) return;
  const text = `${agent} is thinking${p.thinking ? ` about “${p.thinking}”` : ""}: ${p.replies} repl${p.replies === 1 ? "y" : "ies"} so far, ${p.seconds.toFixed(1)} s`;
  $("play-status").textContent = text;
  $("play-status").dataset.busy = text;
}

async function undo() {
  if (!state.game || !state.game.can_undo) return;
  await guard("taking back your last decision…", async () => {
    const view = await api(`/api/games/${state.game.id}/undo`, {});
    state.game = { ...view, id: state.game.id };
    state.clicks = [];
    renderGame();
  });
}

// Areas clicked in order select the option naming those areas (e.g. from, then to).
function onArea(area) {
  if (state.mode !== "play" || !state.game || !state.game.decision) return;
  const d = state.game.decision;
  if (d.team !== state.game.human) return;
  const options = d.options.map((o, i) => ({ ...o, i })).filter((o) => o.areas.length);
  const fits = (clicks) => options.filter((o) => o.areas.length >= clicks.length && clicks.every((a, k) => o.areas[k] === a));
  let clicks = [...state.clicks, area];
  let found = fits(clicks);
  if (!found.length) {
    clicks = [area];
    found = fits(clicks);
  }
  if (!found.length) {
    state.clicks = [];
    renderGame();
    return;
  }
  const complete = found.filter((o) => o.areas.length === clicks.length);
  if (complete.length === 1 && found.length === 1) {
    choose(complete[0].i);
    return;
  }
  state.clicks = clicks;
  renderGame();
}

// ---- replay

async function openReplay(body) {
  await guard("replaying the match…", async () => {
    const data = await api("/api/replay", body);
    await useEdition(data.edition);
    state.replay = data;
    $("scrub").max = Math.max(0, data.steps.length - 1);
    $("lines").replaceChildren(...data.steps.map((s, i) => line(s, i, goTo)));
    const h0 = data.header;
    $("replay-status").textContent = `${h0.edition} seed ${h0.seed}, ${(h0.agents || []).join(" vs ")}: ${data.steps.length} steps. ${data.exact ? "Exact" : "Approximate"}: ${data.note}.`;
    goTo(0);
  });
}

function goTo(i) {
  const r = state.replay;
  if (!r || !r.steps.length) return;
  state.step = Math.max(0, Math.min(r.steps.length - 1, i));
  const view = r.views[state.step], before = state.step ? r.views[state.step - 1] : null;
  state.board.show(view);
  scoreboard($("scoreboard"), state.edition, view);
  statePanel($("state"), state.edition, view, before);
  current(r.steps[state.step]);
  $("scrub").value = state.step;
  for (const li of $("lines").querySelectorAll(".line.now")) li.classList.remove("now");
  const li = $("lines").querySelector(`[data-step="${state.step}"]`);
  if (li) {
    li.classList.add("now");
    li.scrollIntoView({ block: "nearest" });
  }
  $("board").dataset.step = state.step;
}

function setMode(mode) {
  state.mode = mode;
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.mode === mode);
  $("play-panel").hidden = mode !== "play";
  $("replay-panel").hidden = mode !== "replay";
  if (mode === "play" && state.game) renderGame();
  if (mode === "replay" && state.replay) {
    $("lines").replaceChildren(...state.replay.steps.map((s, i) => line(s, i, goTo)));
    goTo(state.step);
  } else if (mode === "replay") {
    $("lines").replaceChildren();
  }
}

function keys(event) {
  if (event.target.closest("input, select, textarea")) return;
  if (state.mode === "replay") {
    const step = event.shiftKey ? 10 : 1;
    const moves = { ArrowRight: state.step + step, ArrowLeft: state.step - step, Home: 0, End: Infinity };
    if (event.key in moves) {
      event.preventDefault();
      goTo(moves[event.key] === Infinity ? state.replay.steps.length - 1 : moves[event.key]);
    }
  } else if (event.key === "u") {
    undo();
  } else if (event.key === "Escape") {
    state.clicks = [];
    if (state.game) renderGame();
  }
}

async function main() {
  state.config = await api("/api/config");
  const c = state.config;
  $("edition").replaceChildren(...c.editions.map((e) => h("option", { value: e }, e)));
  // Logs are opened by name only from the folder `fuba serve --logs DIR` offers; else they are uploaded.
  $("log-path-label").hidden = !c.logs;
  $("log-folder").textContent = c.logs || "";
  for (const id of ["play-agent", "replay-home", "replay-away"]) $(id).replaceChildren(...c.agents.map((a) => h("option", { value: a }, a)));
  for (const id of ["play-agent", "replay-home", "replay-away"]) $(id).value = c.agents.includes("coach") ? "coach" : c.agents[0];
  $("edition").addEventListener("change", () => guard("loading the edition…", async () => {
    await loadEdition($("edition").value);
    if (state.mode === "play") await startGame();
  }));
  for (const t of document.querySelectorAll(".tab")) t.addEventListener("click", () => setMode(t.dataset.mode));
  $("play-form").addEventListener("submit", (e) => { e.preventDefault(); startGame(); });
  $("undo").addEventListener("click", undo);
  $("seed-form").addEventListener("submit", (e) => {
    e.preventDefault();
    openReplay({ ...matchOptions(), seed: Number($("replay-seed").value) || 0, agents: [$("replay-home").value, $("replay-away").value] });
  });
  $("log-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const file = $("log-file").files[0];
    if (file) openReplay({ log: await file.text() });
    else if ($("log-path").value.trim()) openReplay({ path: $("log-path").value.trim() });
    else error(state.config.logs ? `choose a log file or type its name in ${state.config.logs}` : "choose a log file");
  });
  $("first").addEventListener("click", () => goTo(0));
  $("prev").addEventListener("click", () => goTo(state.step - 1));
  $("next").addEventListener("click", () => goTo(state.step + 1));
  $("last").addEventListener("click", () => goTo(Infinity));
  $("scrub").addEventListener("input", () => goTo(Number($("scrub").value)));
  document.addEventListener("keydown", keys);
  await guard("loading the edition…", () => loadEdition(c.edition));
  await startGame();
  document.body.dataset.ready = "1";
}

main().catch((e) => error(e.message));
