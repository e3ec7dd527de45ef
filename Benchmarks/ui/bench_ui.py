#!/usr/bin/env python3
"""The web inspector's speed in Chromium (issue 19): a benchmark, not a timed test.

Starts `rkdebug ui --db LOG --port 0` (recording the Counter log first when it is missing),
drives headless Chromium through Selenium and prints, with medians:

- first paint of the session page `/?session=1&at=N`, cold (a new tab, the HTTP cache off):
  from navigation start to the first animation frame after the DOM holds both the state at N
  (`#tab-body[data-at="N"]` with `#state-tree` in it) and a list row (`#list .row[data-index]`),
  with Chromium's `first-contentful-paint` beside it;
- selecting an index: from `window.rkdebug.select(n, true)` to the first frame after
  `#tab-body[data-at="n"]` holds `#state-tree`, for seeded random n over 1...N;
- scrolling the list far: from setting `#list.scrollTop` to the first frame after every row
  shown is a real row (no placeholder) and the first one is the row for that position;
- baselines in the same run: a trivial page of the same server (`/app.css`) and the session
  list `/`, cold as above; the raw API answers behind a selection (`state?at=n`, and
  `actions/n`, which the page also waits for) fetched from inside the page for the same n;
- the label filter (`actions?filter=delayed&count=200`) and `history?path=count`.

Exits 0 whether or not a goal is met; non-zero only on errors. Python 3 and Selenium 4, no
other package. docs/performance.md ("Web inspector in Chromium (issue 19)") explains the
figures; `make bench-ui` runs this with its defaults.
"""

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_RKDEBUG = ROOT / ".build/release/rkdebug"

# The goals of issue 19, in milliseconds.
FIRST_PAINT_GOAL_MS = 1000
SELECT_GOAL_MS = 200

# Installed in every new document before its scripts run: records when the session page is
# "painted" (see the module docstring) in `window.__rkbench`.
PAINT_PROBE = """
(() => {
  const at = new URLSearchParams(location.search).get('at');
  const probe = window.__rkbench = { dom: null, frame: null };
  const ready = () => {
    const body = document.getElementById('tab-body');
    return !!body && body.dataset.at === at && !!body.querySelector('#state-tree') &&
      !!document.querySelector('#list .row[data-index]');
  };
  const observer = new MutationObserver(() => {
    if (probe.dom !== null || !ready()) return;
    probe.dom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => { probe.frame = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();
"""

# Resolves with the first `window.__rkbench` probe that has a frame time.
WAIT_PROBE = """
const done = arguments[arguments.length - 1];
const poll = () => {
  const probe = window.__rkbench;
  if (probe && probe.frame !== null) {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    done({ dom: probe.dom, frame: probe.frame, fcp: fcp ? fcp.startTime : null,
      responseEnd: nav.responseEnd, domContentLoaded: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd });
  } else {
    setTimeout(poll, 5);
  }
};
poll();
"""

# Selects index n and resolves with the times (ms) to the DOM holding its state and to the
# next frame.
SELECT = """
const [n, done] = arguments;
const body = document.getElementById('tab-body');
const ready = () => body.dataset.at === String(n) && !!body.querySelector('#state-tree');
const t0 = performance.now();
const observer = new MutationObserver(() => {
  if (!ready()) return;
  const dom = performance.now() - t0;
  observer.disconnect();
  requestAnimationFrame(() => done({ dom, frame: performance.now() - t0 }));
});
observer.observe(body, { childList: true, subtree: true, attributes: true });
window.rkdebug.select(n, true);
"""

# Fetches a path of the page's server and resolves with the time (ms) to its parsed JSON.
FETCH = """
const [path, done] = arguments;
const t0 = performance.now();
fetch(path, { headers: { Accept: 'application/json' } })
  .then((r) => r.ok ? r.json() : Promise.reject(new Error(path + ': ' + r.status)))
  .then((body) => done({ ms: performance.now() - t0, body }))
  .catch((error) => done({ error: String(error) }));
"""

# Sets the list's scrollTop and resolves with the time (ms) to the first frame after the rows
# for that position are all shown, and the first row's index.
SCROLL = """
const [fraction, done] = arguments;
const view = window.rkdebug;
const list = document.getElementById('list');
const rows = document.getElementById('list-rows');
const t0 = performance.now();
list.scrollTop = Math.round(fraction * (list.scrollHeight - list.clientHeight));
// The first row renderList shows (app.js: ROW = 24 px per row, the last rows clamped).
const visible = Math.ceil(list.clientHeight / 24) + 1;
const first = view.min +
  Math.min(view.firstVisibleRow(), Math.max(0, view.rowCount() - visible + 1));
const ready = () => {
  const head = rows.querySelector('.row');
  return !!head && head.dataset.index === String(first) &&
    !rows.querySelector('.row:not([data-index])');
};
const observer = new MutationObserver(() => {
  if (!ready()) return;
  const dom = performance.now() - t0;
  observer.disconnect();
  requestAnimationFrame(() => done({ dom, frame: performance.now() - t0, first }));
});
observer.observe(rows, { childList: true, subtree: true, attributes: true });
"""


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rkdebug", default=str(DEFAULT_RKDEBUG),
                        help="the rkdebug binary (default: the release build of Benchmarks)")
    parser.add_argument("--db", default="/tmp/counter-1m-schema5.sqlite",
                        help="the log; recorded when missing (default: %(default)s)")
    parser.add_argument("--actions", type=int, default=1_000_000,
                        help="Counter actions sent when recording the log (default: %(default)s)")
    parser.add_argument("--loads", type=int, default=7,
                        help="cold loads of each page (default: %(default)s)")
    parser.add_argument("--selects", type=int, default=60,
                        help="random indices selected (default: %(default)s)")
    parser.add_argument("--scrolls", type=int, default=10,
                        help="scroll positions (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=19, help="seed of the random indices")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--json", metavar="FILE", help="also write every sample to FILE")
    return parser.parse_args()


# MARK: - The log and the server


def ensure_log(rkdebug, path, actions):
    """Records the Counter log at `path` (as benchmark 8 does) unless it exists."""
    if os.path.exists(path):
        return
    partial = path + ".partial"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(partial + suffix):
            os.remove(partial + suffix)
    print(f"recording {path}: rkdebug record --feature counter --random {actions} --seed 3",
          flush=True)
    started = time.monotonic()
    subprocess.run([rkdebug, "record", "--feature", "counter", "--random", str(actions),
                    "--seed", "3", "--db", partial], check=True, stdout=subprocess.DEVNULL)
    for suffix in ("-wal", "-shm"):
        if os.path.exists(partial + suffix):
            os.replace(partial + suffix, path + suffix)
    os.replace(partial, path)
    print(f"recorded in {time.monotonic() - started:.0f} s", flush=True)


def start_server(rkdebug, db):
    """Starts `rkdebug ui` on a free port; returns the process and its base URL."""
    server = subprocess.Popen([rkdebug, "ui", "--db", db, "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r" at (http://[^\s?]+)", line)
    if not match:
        server.kill()
        raise RuntimeError(f"rkdebug ui printed {line!r}, not its URL")
    return server, match.group(1)


def start_browser(chromium, chromedriver):
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--window-size=1280,900",
                     "--disable-extensions", "--no-first-run"):
        options.add_argument(argument)
    browser = webdriver.Chrome(options=options, service=Service(chromedriver))
    browser.set_script_timeout(120)
    browser.set_page_load_timeout(120)
    return browser


# MARK: - Measurements


def cold_tab(browser):
    """Opens a new tab with the HTTP cache off and the paint probe installed, closing the old."""
    old = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.switch_to.window(old)
    browser.close()
    browser.switch_to.window(browser.window_handles[-1])
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PAINT_PROBE})


def session_page_loads(browser, base, indices):
    """Cold loads of `/?session=1&at=n`: the probe's times, in ms since navigation start."""
    samples = []
    for n in indices:
        cold_tab(browser)
        browser.get(f"{base}?session=1&at={n}")
        samples.append(dict(browser.execute_async_script(WAIT_PROBE), at=n))
    return samples


def trivial_loads(browser, base, count):
    """Cold loads of `/app.css` (to its load event) and of the session list `/` (to the
    frame after `#sessions` is in the DOM), in ms since navigation start."""
    css, sessions = [], []
    for _ in range(count):
        cold_tab(browser)
        browser.get(f"{base}app.css")
        css.append(browser.execute_script(
            "return performance.getEntriesByType('navigation')[0].loadEventEnd"))
        cold_tab(browser)
        browser.get(base)
        sessions.append(browser.execute_async_script("""
          const done = arguments[0];
          const poll = () => document.getElementById('sessions')
            ? requestAnimationFrame(() => done(performance.now())) : setTimeout(poll, 2);
          poll();"""))
    return css, sessions


def fetch_ms(browser, path):
    answer = browser.execute_async_script(FETCH, path)
    if "error" in answer:
        raise RuntimeError(answer["error"])
    return answer["ms"], answer["body"]


def settle(seconds=0.25):
    """Lets the page's other requests of the last step (list window, effects) finish."""
    time.sleep(seconds)


def selections(browser, indices):
    """Selects each index, and fetches its raw `state` and `actions/n` answers, alternating
    which goes first so neither gets the warmer caches."""
    select, state, action = [], [], []
    for i, n in enumerate(indices):
        def raw():
            state.append(fetch_ms(browser, f"api/sessions/1/state?at={n}")[0])
            action.append(fetch_ms(browser, f"api/sessions/1/actions/{n}")[0])

        if i % 2:
            raw()
        answer = browser.execute_async_script(SELECT, n)
        select.append(answer["frame"])
        settle()
        if not i % 2:
            raw()
    return select, state, action


def scrolls(browser, fractions):
    samples = []
    for fraction in fractions:
        samples.append(dict(browser.execute_async_script(SCROLL, fraction), fraction=fraction))
        settle()
    return samples


def repeated(browser, path, count):
    times, body = [], None
    for _ in range(count):
        ms, body = fetch_ms(browser, path)
        times.append(ms)
    return times, body


# MARK: - Report


def percentile(values, fraction):
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))]


def row(name, values, goal=None):
    median = statistics.median(values)
    verdict = "" if goal is None else ("met" if median <= goal else "MISSED")
    return (name, f"{median:.1f}", f"{percentile(values, 0.95):.1f}", f"{max(values):.1f}",
            str(len(values)), "" if goal is None else f"≤ {goal}", verdict)


def print_table(rows):
    header = ("measure (ms)", "median", "p95", "max", "n", "goal", "")
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    for r in (header, tuple("-" * w for w in widths), *rows):
        print("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                        for i, (cell, w) in enumerate(zip(r, widths))))


def main():
    args = parse_arguments()
    if not os.access(args.rkdebug, os.X_OK):
        sys.exit(f"bench_ui: no rkdebug at {args.rkdebug}; build it with "
                 "swift build -c release --product rkdebug")
    ensure_log(args.rkdebug, args.db, args.actions)
    server, base = start_server(args.rkdebug, args.db)
    browser = None
    try:
        browser = start_browser(args.chromium, args.chromedriver)
        browser.get(base)
        session = json.loads(browser.execute_async_script(
            "fetch('api/sessions/1').then((r) => r.text()).then(arguments[0])"))
        count = session["actionCount"]
        print(f"{args.db}: session 1, {count} actions; {base}; Chromium "
              f"{browser.capabilities.get('browserVersion')}", flush=True)
        rng = random.Random(args.seed)

        # A first load, not measured, so that the log's pages are read from memory in all.
        session_page_loads(browser, base, [rng.randint(1, count)])
        loads = session_page_loads(browser, base, [rng.randint(1, count) for _ in range(args.loads)])
        css, listing = trivial_loads(browser, base, args.loads)

        indices = rng.sample(range(1, count + 1), args.selects)
        session_page_loads(browser, base, [1])  # the page the selections start from
        select, state, action = selections(browser, indices)
        scrolled = scrolls(browser, [rng.random() for _ in range(args.scrolls)])

        window, _ = repeated(browser, f"api/sessions/1/actions?from={count // 2}&count=200", 5)
        filtered, answer = repeated(browser, "api/sessions/1/actions?filter=delayed&count=200", 5)
        history, changes = repeated(browser, "api/sessions/1/history?path=count", 5)
    finally:
        if browser is not None:
            browser.quit()
        server.terminate()
        server.wait()

    print()
    print_table([
        row("first paint, session page (frame after state + rows)",
            [s["frame"] for s in loads], FIRST_PAINT_GOAL_MS),
        row("  first-contentful-paint", [s["fcp"] for s in loads if s["fcp"] is not None]),
        row("  DOMContentLoaded", [s["domContentLoaded"] for s in loads]),
        row("  baseline: /app.css, load event", css),
        row("  baseline: session list /, frame after table", listing),
        row("select n → state shown (frame)", select, SELECT_GOAL_MS),
        row("  baseline: fetch state?at=n (raw API)", state),
        row("  baseline: fetch actions/n (raw API, also awaited)", action),
        row("scroll far → rows shown (frame)", [s["frame"] for s in scrolled]),
        row("  baseline: fetch actions?from=N/2&count=200", window),
        row(f"filter 'delayed', 200 of {answer['total']}", filtered),
        row(f"history?path=count ({len(changes['changes'])} changes"
            f"{', truncated' if changes['truncated'] else ''})", history),
    ])
    if args.json:
        with open(args.json, "w") as file:
            json.dump({"actions": count, "loads": loads, "css": css, "sessions": listing,
                       "indices": indices, "select": select, "state": state, "action": action,
                       "scrolls": scrolled, "window": window, "filter": filtered,
                       "history": history}, file, indent=1)


if __name__ == "__main__":
    main()
