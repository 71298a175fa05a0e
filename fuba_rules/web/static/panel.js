// The side panels: the scoreboard (from the edition's `match:` config) with the status line
// in plain words (`display: status`), the narrated lines, and the state: the edition's
// groups and labels (`display: state`) first, every declared value behind "All state".

const TEAMS = ["home", "away"];

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  return node;
}

export function show(value) {
  if (value === null || value === undefined || value === "") return "–";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.length ? value.map(show).join(value.every((v) => typeof v === "number") ? "-" : ", ") : "–";
  if (typeof value === "object") {
    // A long record (e.g. one value per area) lists only its non-empty entries.
    const empty = (v) => v === 0 || v === false || v === "" || v === null || (Array.isArray(v) && !v.length);
    const entries = Object.entries(value).filter(([, v]) => Object.keys(value).length <= 3 || !empty(v));
    return entries.length ? entries.map(([k, v]) => `${k} ${show(v)}`).join(" · ") : "–";
  }
  return String(value);
}

function teamName(edition, team) {
  return edition.teams[team] || team;
}

function named(edition, value) {
  const area = typeof value === "string" && edition.board ? [...edition.board.areas, ...edition.board.spots].find((a) => a.id === value) : null;
  return TEAMS.includes(value) ? teamName(edition, value) : area ? area.name : show(value);
}

export function dice(values) {
  return h("span", { class: "die-row" }, values.map((d) => h("span", { class: "die", title: `die ${d}` }, String(d))));
}

export function ref(text) {
  return text ? h("span", { class: "ref", title: "rulebook chapter" }, text) : null;
}

// The score, clock and the other state the `match:` config names (turn, phasing, ...).
export function scoreboard(el, edition, view) {
  const S = view.S, cfg = edition.match;
  const score = cfg.score && S[cfg.score] && typeof S[cfg.score] === "object" ? S[cfg.score] : null;
  const clock = cfg.clock ? S[cfg.clock] : null;
  const side = (team) =>
    h("div", { class: `team ${team}` }, h("span", { class: `swatch ${team}` }), h("span", { class: "team-name" }, teamName(edition, team)),
      score ? h("span", { class: "goals", "data-team": team }, String(score[team])) : null);
  const chips = Object.entries(cfg)
    .filter(([key, name]) => key !== "score" && key !== "clock" && name in edition.state && S[name] !== undefined)
    .map(([key, name]) => h("span", { class: "chip", title: `${name} [${edition.state[name].ref}]`, "data-config": key }, `${key} `, h("b", {}, named(edition, S[name]))));
  const ball = (edition.display && edition.display.ball) || {};
  const control = ball.control ? S[ball.control] : null;
  const value = ball.value ? S[ball.value] : null;
  const holder = TEAMS.includes(control)
    ? h("div", { class: `possession ${control}`, "data-control": control },
      h("span", { class: `swatch ${control}` }), h("b", {}, `${teamName(edition, control)} (${control}) has the ball`),
      value !== null && value !== undefined ? `, ball value ${value}` : "")
    : null;
  const status = (view.status || []).map((s) =>
    h("span", { class: "status-item", "data-status": s.label }, s.label ? `${s.label} ` : "", h("b", {}, s.value)));
  el.replaceChildren(
    side("home"),
    h("div", { class: "clock", title: cfg.clock ? `${cfg.clock} [${edition.state[cfg.clock].ref}]` : "" }, clock !== null && clock !== undefined ? `${clock}'` : ""),
    side("away"),
    holder,
    status.length ? h("div", { class: "status" }, status) : h("div", { class: "chips" }, chips),
  );
}

// One narrated step: minute, text, chapter, dice.
export function line(step, i, onClick) {
  return h("li", { "data-step": i, class: `line ${step.team || ""}`, onclick: onClick ? () => onClick(i) : null },
    h("span", { class: "text" }, step.line.replace(/\s*\[[^\]]*\]$/, "")), " ", ref(step.ref), step.dice.length ? dice(step.dice) : null);
}

// The edition's groups of state, labelled for people; then every declared value, behind a toggle.
// `before` (the previous view) marks what changed.
export function statePanel(el, edition, view, before = null) {
  const S = view.S, specs = edition.state, groups = (edition.display && edition.display.groups) || [];
  const changed = (name) => before && JSON.stringify(before.S[name]) !== JSON.stringify(S[name]);
  const perTeam = (name) => specs[name].index[0] === "team";
  const tables = groups.map((g) => h("div", { class: "state-group", "data-group": g.title },
    h("h3", {}, g.title),
    h("table", { class: "state team-state" }, h("tbody", {}, g.state.map(({ name, label }) =>
      h("tr", { "data-state": name, class: changed(name) ? "changed" : "" },
        h("th", { title: `${specs[name].doc || name} (${name}) [${specs[name].ref}]` }, label, " ", ref(specs[name].ref)),
        perTeam(name) ? TEAMS.map((t) => h("td", { "data-team": t }, `${teamName(edition, t)} ${show(S[name][t])}`)) : h("td", { colspan: 2 }, named(edition, S[name]))))))));
  const wasOpen = !!(el.querySelector(".raw-state") || {}).open;
  const raw = h("details", { class: "raw-state", open: wasOpen ? "" : null }, h("summary", {}, "All state (every declared value, by its name in the rules)"));
  rawState(raw, edition, view, before);
  el.replaceChildren(...tables, raw);
}

function rawState(el, edition, view, before) {
  const S = view.S, specs = edition.state;
  const changed = (name) => before && JSON.stringify(before.S[name]) !== JSON.stringify(S[name]);
  const label = (name) => h("th", { title: `${specs[name].doc || name} [${specs[name].ref}]` }, name, " ", ref(specs[name].ref));
  const perTeam = [], perArea = [], rest = [];
  for (const name of Object.keys(specs)) {
    const idx = specs[name].index;
    if (idx[0] === "team") perTeam.push(name);
    else if (idx.length) perArea.push(name);
    else rest.push(name);
  }
  const teamRows = perTeam.map((name) =>
    h("tr", { "data-state": name, class: changed(name) ? "changed" : "" }, label(name),
      TEAMS.map((t) => h("td", { "data-team": t }, show(S[name][t])))));
  const kernel = [["pieces not on the pitch", view.unplaced], ["sent off", view.sent_off]].map(([what, v]) =>
    h("tr", { class: "kernel" }, h("th", {}, what), TEAMS.map((t) => h("td", {}, show(v[t])))));
  const skills = h("tr", { "data-state": "(skills)" }, h("th", {}, "skills"), TEAMS.map((t) =>
    h("td", {}, (view.skills[t] || []).length ? (view.skills[t] || []).map((s) =>
      h("span", { class: `skill ${view.used.includes(s) ? "used" : ""}`, title: `${s} [${(edition.skills[s] || {}).ref || ""}]${view.used.includes(s) ? ", used" : ""}` }, s)) : "–")));
  const teams = h("table", { class: "state team-state" },
    h("thead", {}, h("tr", {}, h("th"), TEAMS.map((t) => h("th", { class: t }, teamName(edition, t))))),
    h("tbody", {}, teamRows, kernel, skills));
  const others = h("table", { class: "state" }, h("tbody", {}, rest.map((name) =>
    h("tr", { "data-state": name, class: changed(name) ? "changed" : "" }, label(name), h("td", {}, named(edition, S[name]))))));
  const areas = perArea.map((name) =>
    h("div", { "data-state": name, class: `area-state ${changed(name) ? "changed" : ""}` }, h("b", {}, name), " ", ref(specs[name].ref), ": ", show(S[name])));
  el.append(teams, others, ...areas);
}
