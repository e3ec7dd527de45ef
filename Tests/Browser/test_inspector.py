#!/usr/bin/env python3
"""Browser tests of `rkdebug ui`: the real binary, a real log, a real headless Chromium.

Records two Todos sessions with the built `rkdebug` (a seeded random one, and one whose to-do
title is an HTML injection), a counter whose log was altered, and a Library session that
navigates (a book titled with the injection), serves them with `rkdebug ui --port 0`, and drives Debian's
Chromium through chromedriver with Selenium. Every expectation is checked against what the
rkdebug command line prints for the same log. RemoteInspectorTests serves the sessions of an
`rkdebug serve` collector (`ui --db URL`) on the PostgreSQL of $RKDEBUG_TEST_POSTGRES_URL.

    python3 Tests/Browser/test_inspector.py              # after `swift build`
    RKDEBUG=path/to/rkdebug python3 Tests/Browser/test_inspector.py
    RKDEBUG_SCREENSHOTS=docs/images python3 Tests/Browser/test_inspector.py   # also screenshots

`make test` runs it after `swift test`; `.ci/run` installs chromium, chromium-driver and
selenium when a machine lacks them.
"""

import http.client
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse
from pathlib import Path

try:
    from selenium import webdriver
    from selenium.common.exceptions import (
        NoAlertPresentException, StaleElementReferenceException, TimeoutException)
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    sys.exit("browser tests: selenium is missing; pip install selenium (.ci/run does)")

ROOT = Path(__file__).resolve().parents[2]
RKDEBUG = os.environ.get("RKDEBUG") or str(ROOT / ".build" / "debug" / "rkdebug")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
INJECTION = "<img src=x onerror=alert(1)>"


def rkdebug(*arguments, db):
    """Runs rkdebug on the log `db` and returns its standard output."""
    result = subprocess.run(
        [RKDEBUG, *arguments, "--db", db], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise AssertionError(f"rkdebug {' '.join(arguments)}: {result.stderr.strip()}")
    return result.stdout


class PageHelpers:
    """What the tests do with the page: `cls.driver` and `cls.url` are set up by each class."""

    def open(self, query):
        self.driver.get(self.url + query)

    def wait_for(self, css, timeout=20):
        """The first element matching `css`, once there is one."""
        try:
            return WebDriverWait(self.driver, timeout).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, css))[0]
        except TimeoutException:
            self.fail(f"nothing matched {css} within {timeout} s; console: {self.console()}")

    def until(self, condition, timeout=20):
        """Waits for `condition(driver)`, looking again when the page replaced an element it
        was reading."""
        WebDriverWait(self.driver, timeout,
                      ignored_exceptions=[StaleElementReferenceException]).until(condition)

    def read(self, reading):
        """`reading()`, done again if the page replaced an element while it was being read."""
        for _ in range(10):
            try:
                return reading()
            except StaleElementReferenceException:
                time.sleep(0.1)
        self.fail("the page kept replacing what was being read")

    def click(self, css):
        """Clicks the element matching `css`, finding it again if the page re-rendered it
        between the lookup and the click."""
        for _ in range(10):
            try:
                self.wait_for(css).click()
                return
            except StaleElementReferenceException:
                time.sleep(0.1)
        self.fail(f"{css} kept being replaced")

    def click_row(self, index):
        self.row(index)
        self.click(f'.row[data-index="{index}"]')

    def row(self, index):
        """The list row of action `index`, scrolling the list to it as a user would."""
        self.wait_for("#list .row")
        self.driver.execute_script(
            "const list = document.getElementById('list');"
            "const row = arguments[0] - window.rkdebug.min;"
            "list.scrollTop = Math.max(0, row * 24 - list.clientHeight / 2);", index)
        return self.wait_for(f'.row[data-index="{index}"]')

    def expand_tree(self):
        """Opens every node of the state tree."""
        for _ in range(20):
            closed = [t for t in self.driver.find_elements(By.CSS_SELECTOR, "#state-tree .toggle")
                      if t.text == "▸"]
            if not closed:
                return
            for toggle in closed:
                toggle.click()

    def wait_for_state(self, index):
        return self.wait_for(f'#tab-body[data-at="{index}"]')

    def check_rows(self, printed):
        """Each row's label is the end of the line `rkdebug log` prints for its action."""
        for index, line in enumerate(printed, start=1):
            row = self.driver.find_element(By.CSS_SELECTOR, f'.row[data-index="{index}"]')
            label = row.find_element(By.CSS_SELECTOR, ".label").get_attribute("textContent")
            for parent in row.find_elements(By.CSS_SELECTOR, ".parent"):
                # "↳ #2 " under the action whose effect sent it: `log` says "effect #1 of #2".
                marker = parent.get_attribute("textContent")
                self.assertIn(" of " + marker.split()[1], line)
                label = label[len(marker):]
            self.assertTrue(line.rstrip().endswith(label), f"{line!r} vs {label!r}")

    def console(self):
        return [entry["message"] for entry in self.driver.get_log("browser")]

    def shown_state(self):
        """The state the State tab shows, as JSON, through its JSON view."""
        self.driver.find_element(By.ID, "state-raw").click()
        text = self.driver.find_element(By.ID, "state-json").text
        self.driver.find_element(By.ID, "state-raw").click()
        return json.loads(text)

    def screenshot(self, name):
        folder = os.environ.get("RKDEBUG_SCREENSHOTS")
        if folder:
            os.makedirs(folder, exist_ok=True)
            self.driver.save_screenshot(os.path.join(folder, name))


def start_chromium():
    """A headless Chromium driven through chromedriver."""
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1400,900"):
        options.add_argument(argument)
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(20)
    return driver


def start_serving(arguments, environment=None):
    """Starts `rkdebug ARGUMENTS` (ui or serve) and returns it with the URL it prints."""
    server = subprocess.Popen(
        [RKDEBUG, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **(environment or {})})
    line = server.stdout.readline()
    if " at http://" not in line:
        server.kill()
        raise AssertionError(f"rkdebug {arguments[0]} printed {line!r}: {server.stderr.read()}")
    return server, line.split(" at ", 1)[1].split()[0]


class InspectorTests(PageHelpers, unittest.TestCase):
    """The page over a served log, and a page exported to a file."""

    @classmethod
    def setUpClass(cls):
        for program in (RKDEBUG, CHROMIUM, CHROMEDRIVER):
            if not os.path.exists(program):
                raise AssertionError(
                    f"browser tests: {program} is missing (build rkdebug; .ci/run installs "
                    "chromium and chromium-driver)")
        cls.directory = tempfile.mkdtemp(prefix="rkdebug-browser-")
        cls.db = os.path.join(cls.directory, "log.sqlite")
        rkdebug("record", "--feature", "todos", "--random", "300", "--seed", "11", db=cls.db)
        actions = os.path.join(cls.directory, "injection.jsonl")
        with open(actions, "w") as file:
            todo = "00000000-0000-0000-0000-000000000000"
            file.write(json.dumps({"addTodoButtonTapped": {}}) + "\n")
            file.write(json.dumps({"todos": {"_0": {"element": {
                "id": todo, "action": {"titleChanged": {"_0": INJECTION}}}}}}) + "\n")
        rkdebug("record", "--feature", "todos", "--actions", actions, "--seed", "1", db=cls.db)
        # Session 3: a counter whose log says action 4 set the count to 41, which today's
        # reducer does not do, so its replay check diverges there.
        rkdebug("record", "--feature", "counter", "--random", "30", "--seed", "2", db=cls.db)
        with sqlite3.connect(cls.db) as connection:
            (ops,) = connection.execute(
                "SELECT ops FROM action_entry WHERE session_id = 3 AND idx = 4").fetchone()
            assert ops == '[["=","/count",-1,0]]', ops
            connection.execute(
                "UPDATE action_entry SET ops = ? WHERE session_id = 3 AND idx = 4",
                ('[["=","/count",41,0]]',))
        connection.close()
        # Session 4: the Library pushes a book's screen, edits its title into the injection,
        # pushes its reading clock, pushes another book's screen and asks to delete it.
        actions = os.path.join(cls.directory, "library.jsonl")
        book = lambda n: f"00000000-0000-0000-0000-00000000000{n}"
        detail = lambda id, action: {"path": {"_0": {"element": {
            "id": id, "action": {"detail": {"_0": action}}}}}}
        with open(actions, "w") as file:
            for action in [
                {"bookTapped": {"_0": book(0)}},
                detail(0, {"editButtonTapped": {}}),
                detail(0, {"destination": {"_0": {"presented": {"_0": {"edit": {"_0": {
                    "binding": {"_0": {"keyPath": ["book", "title"], "value": INJECTION}}}}}}}}}),
                detail(0, {"editSaveButtonTapped": {}}),
                detail(0, {"readButtonTapped": {}}),
                {"bookTapped": {"_0": book(1)}},
                detail(2, {"deleteButtonTapped": {}}),
            ]:
                file.write(json.dumps(action) + "\n")
        rkdebug("record", "--feature", "library", "--actions", actions, db=cls.db)
        cls.server, cls.url = start_serving(["ui", "--db", cls.db, "--port", "0"])
        cls.driver = start_chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.terminate()
        cls.server.wait(timeout=10)
        shutil.rmtree(cls.directory, ignore_errors=True)

    # MARK: - Tests

    def test_the_list_shows_the_actions(self):
        self.open("?session=1")
        self.wait_for('.row[data-index="12"]')
        printed = rkdebug("log", "--session", "1", "--to", "12", db=self.db).splitlines()
        self.read(lambda: self.check_rows(printed))
        source = self.driver.find_element(By.CSS_SELECTOR, '.row[data-index="3"] .src').text
        self.assertEqual(source, "effect")
        title = self.driver.find_element(By.ID, "title").text
        self.assertIn("session 1 · todos", title)

    def test_clicking_an_action_shows_its_state(self):
        self.open("?session=1")
        for index in (7, 240):
            self.click_row(index)
            self.wait_for_state(index)
            expected = json.loads(rkdebug("state", "--session", "1", "--at", str(index),
                                          "--json", db=self.db))
            self.assertEqual(self.shown_state(), expected)
            self.assertIn(f"at={index}", self.driver.current_url)

    def test_j_and_k_move_between_actions(self):
        self.open("?session=1&at=40")
        self.wait_for_state(40)
        body = self.driver.find_element(By.TAG_NAME, "body")
        body.send_keys("j")
        self.wait_for_state(41)
        expected = json.loads(rkdebug("state", "--session", "1", "--at", "41", "--json",
                                      db=self.db))
        self.assertEqual(self.shown_state(), expected)
        body.send_keys(Keys.ARROW_DOWN)
        self.wait_for_state(42)
        body.send_keys("k")
        self.wait_for_state(41)
        body.send_keys(Keys.END)
        count = json.loads(rkdebug("sessions", "--json", db=self.db).splitlines()[0])["actionCount"]
        self.wait_for_state(count)
        self.wait_for(f'.row.selected[data-index="{count}"]')
        body.send_keys(Keys.HOME)
        self.wait_for_state(0)

    def test_who_changed_this_lists_what_history_prints(self):
        self.open("?session=1&at=200")
        self.wait_for_state(200)
        self.click('#state-tree .line[data-path="filter"] .key')
        self.wait_for("#history-list")
        shown = self.read(lambda: [
            int(item.get_attribute("data-index"))
            for item in self.driver.find_elements(By.CSS_SELECTOR, "#history-list > li")])
        printed = [json.loads(line) for line in
                   rkdebug("history", "--session", "1", "--path", "filter", "--json",
                           db=self.db).splitlines()]
        self.assertEqual(shown, [change["index"] for change in printed])
        self.assertGreater(len(shown), 2)
        first = self.driver.find_element(By.CSS_SELECTOR, "#history-list > li .values").text
        self.assertEqual(first, f'{json.dumps(printed[0]["old"])} → {json.dumps(printed[0]["new"])}')
        self.assertIn("path=filter", self.driver.current_url)
        self.screenshot("inspector-session.png")
        # Each entry jumps to its action.
        self.driver.find_elements(By.CSS_SELECTOR, "#history-list > li a.jump")[1].click()
        self.wait_for_state(printed[1]["index"])

    def test_a_url_opens_a_view(self):
        path = "todos[0].title"
        self.open("?session=1&at=120&path=" + urllib.parse.quote(path))
        self.wait_for_state(120)
        self.wait_for("#history-list")
        printed = rkdebug("history", "--session", "1", "--path", path, "--json",
                          db=self.db).splitlines()
        shown = self.driver.find_elements(By.CSS_SELECTOR, "#history-list > li")
        self.assertEqual(len(shown), len(printed))
        picked = self.driver.find_element(By.CSS_SELECTOR, "#state-tree .line.picked")
        self.assertEqual(picked.get_attribute("data-path"), path)

    def test_shift_click_diffs_two_indices(self):
        self.open("?session=1&at=10")
        self.wait_for_state(10)
        row = self.row(30)
        ActionChains(self.driver).key_down(Keys.SHIFT).click(row).key_up(Keys.SHIFT).perform()
        self.wait_for("#diff-patch, #tab-body p")
        expected = json.loads(rkdebug("diff", "--session", "1", "--from", "10", "--to", "30",
                                      "--json", db=self.db))
        shown = self.driver.find_elements(By.CSS_SELECTOR, "#diff-patch > li")
        self.assertEqual(len(shown), len(expected))
        text = self.driver.find_element(By.ID, "diff-text").text
        printed = rkdebug("diff", "--session", "1", "--from", "10", "--to", "30", db=self.db)
        self.assertEqual(text.strip(), printed.strip())
        self.assertIn("with=30", self.driver.current_url)

    def test_the_replay_check(self):
        self.open("?session=1")
        self.wait_for_state(0)
        self.driver.find_element(By.ID, "replay").click()
        self.until(
            lambda d: "matches" in d.find_element(By.ID, "replay-result").text
            or "diverges" in d.find_element(By.ID, "replay-result").text)
        self.assertIn("every state matches", self.driver.find_element(By.ID, "replay-result").text)

    def test_the_replay_check_shows_the_first_divergence(self):
        self.open("?session=3")
        self.wait_for_state(0)
        self.driver.find_element(By.ID, "replay").click()
        result = self.wait_for("#replay-result.divergence")
        self.assertEqual(result.text, "diverges at #4")
        diff = self.wait_for("#divergence").text
        self.assertIn("Replay diverges after action 4", diff)
        self.assertIn("-   count: 41", diff)
        self.assertIn("+   count: -1", diff)
        result.find_element(By.CSS_SELECTOR, "a.jump").click()
        self.wait_for_state(4)

    def test_the_effects_timeline_links_actions(self):
        self.open("?session=1&at=2")
        self.wait_for_state(2)
        lane = self.wait_for('#timeline .lane[data-effect="1"]')
        self.assertIn("todoCompletion", lane.text)
        # Lanes run by action until asked to run by time.
        pressed = self.driver.find_element(By.CSS_SELECTOR, '#timeline .axis[aria-pressed="true"]')
        self.assertEqual(pressed.text, "by action")
        [by_time] = [b for b in self.driver.find_elements(By.CSS_SELECTOR, "#timeline .axis")
                     if b.text == "by time"]
        by_time.click()
        self.until(lambda d: d.find_element(
            By.CSS_SELECTOR, '#timeline .axis[aria-pressed="true"]').text == "by time")
        self.wait_for('#timeline .lane[data-effect="1"]')
        self.driver.find_element(By.ID, "tab-effects").click()
        table = self.wait_for("#effects-table")
        self.assertIn("finished", table.text)
        table.find_element(By.CSS_SELECTOR, "a.jump").click()
        self.wait_for_state(3)

    def test_the_filter_narrows_the_list(self):
        self.open("?session=1")
        self.wait_for_state(0)
        field = self.driver.find_element(By.ID, "filter")
        field.send_keys("filterPicked")
        self.until(lambda d: "match" in d.find_element(By.ID, "match-count").text)
        labels = self.read(lambda: [
            row.find_element(By.CSS_SELECTOR, ".label").text
            for row in self.driver.find_elements(By.CSS_SELECTOR, ".row[data-index]")])
        self.assertTrue(labels)
        self.assertTrue(all("filterPicked" in label for label in labels), labels)
        printed = [line for line in rkdebug("log", "--session", "1", db=self.db).splitlines()
                   if "filterPicked" in line]
        count = int(self.driver.find_element(By.ID, "match-count").text.split()[0])
        self.assertEqual(count, len(printed))

    def test_values_from_the_log_are_text(self):
        self.open("?session=2&at=2")
        self.wait_for_state(2)
        self.wait_for('.row[data-index="2"]')
        label = self.driver.find_element(By.CSS_SELECTOR, '.row[data-index="2"] .label').text
        self.assertIn(INJECTION, label)
        self.expand_tree()
        tree = self.driver.find_element(By.ID, "state-tree")
        self.assertIn(json.dumps(INJECTION), tree.text)
        self.driver.find_element(By.ID, "tab-changes").click()
        self.assertIn(INJECTION, self.wait_for("#changes").text)
        self.assertEqual(self.driver.execute_script("return document.images.length"), 0)
        with self.assertRaises(NoAlertPresentException):
            self.driver.switch_to.alert.text

    def test_the_exported_page_shows_the_same_state(self):
        page = os.path.join(self.directory, "window.html")
        printed = rkdebug("ui", "--session", "1", "--from", "20", "--to", "120",
                          "--export", page, db=self.db)
        self.assertIn("wrote", printed)
        self.driver.get(Path(page).as_uri() + "?at=60")
        self.wait_for_state(60)
        expected = json.loads(rkdebug("state", "--session", "1", "--at", "60", "--json",
                                      db=self.db))
        self.assertEqual(self.shown_state(), expected)
        self.driver.find_element(By.TAG_NAME, "body").send_keys("j")
        self.wait_for_state(61)
        expected = json.loads(rkdebug("state", "--session", "1", "--at", "61", "--json",
                                      db=self.db))
        self.assertEqual(self.shown_state(), expected)
        # Rows line up with indices: the first row is the state before the window.
        self.assertEqual(self.row(19).text.split()[0], "19")
        self.click_row(70)
        self.wait_for_state(70)
        self.assertIn("70", self.driver.find_element(By.CSS_SELECTOR, ".row.selected").text)
        expected = json.loads(rkdebug("state", "--session", "1", "--at", "70", "--json",
                                      db=self.db))
        self.assertEqual(self.shown_state(), expected)
        # Who changed this, from the page's own data.
        self.click('#state-tree .line[data-path="filter"] .key')
        self.wait_for("#history-list")
        shown = self.read(lambda: [
            int(item.get_attribute("data-index"))
            for item in self.driver.find_elements(By.CSS_SELECTOR, "#history-list > li")])
        history = [json.loads(line)["index"] for line in
                   rkdebug("history", "--session", "1", "--path", "filter", "--json",
                           db=self.db).splitlines()]
        self.assertEqual(shown, [index for index in history if 20 <= index <= 120])
        errors = [m for m in self.console() if "Content Security Policy" in m]
        self.assertEqual(errors, [])
        self.screenshot("inspector-export.png")

    # MARK: Navigation

    def library_last_index(self):
        sessions = [json.loads(line) for line in rkdebug("sessions", "--json", db=self.db)
                    .splitlines()]
        return next(s["actionCount"] for s in sessions if s["id"] == 4)

    def check_navigation(self, index):
        """The Navigation tab at `index` shows the screens `rkdebug state` prints (ids, case
        names, bottom to top) and the alert over the top one; the injected title is text."""
        self.click("#tab-navigation")
        view = self.wait_for(f'#navigation[data-at="{index}"]')
        state = json.loads(rkdebug("state", "--session", "4", "--at", str(index), "--json",
                                   db=self.db))
        expected = [(entry["id"], next(iter(entry["element"]))) for entry in state["path"]]
        self.assertGreaterEqual(len(expected), 2)
        screens = view.find_elements(By.CSS_SELECTOR, '.nav-stack[data-name="path"] > ol > li')
        shown = [(int(s.get_attribute("data-id")), s.get_attribute("data-case")) for s in screens]
        self.assertEqual(shown, expected)
        top = state["path"][-1]["element"]["detail"]["_0"]["destination"]["alert"]["_0"]
        presented = screens[-1].find_element(By.CSS_SELECTOR, ".nav-presented")
        self.assertEqual(presented.get_attribute("data-kind"), "alert")
        self.assertEqual(presented.get_attribute("data-case"), "alert")
        self.assertEqual(presented.find_element(By.CSS_SELECTOR, ".nav-title").text, top["title"])
        self.assertEqual(screens[0].find_element(By.CSS_SELECTOR, ".nav-title").text, INJECTION)
        self.assertEqual(self.driver.execute_script("return document.images.length"), 0)
        with self.assertRaises(NoAlertPresentException):
            self.driver.switch_to.alert.text

    def test_the_navigation_view_and_strip(self):
        last = self.library_last_index()
        self.open(f"?session=4&at={last}")
        self.wait_for_state(last)
        self.check_navigation(last)
        self.screenshot("inspector-navigation.png")
        # The strip: a push at each index that pushed, and clicking one selects it.
        pushes = self.read(lambda: [
            int(e.get_attribute("data-index")) for e in
            self.driver.find_elements(By.CSS_SELECTOR, "#nav-strip .track .nav-event.push")])
        self.assertEqual(pushes, [1, 7, 8])
        self.click('#nav-strip .nav-event.push[data-index="7"]')
        self.wait_for_state(7)
        self.assertIn("at=7", self.driver.current_url)
        view = self.wait_for('#navigation[data-at="7"]')
        self.assertEqual(len(view.find_elements(By.CSS_SELECTOR, ".nav-screen")), 2)

    def test_the_exported_page_shows_the_navigation(self):
        last = self.library_last_index()
        page = os.path.join(self.directory, "library.html")
        rkdebug("ui", "--session", "4", "--from", "1", "--to", str(last), "--export", page,
                db=self.db)
        self.driver.get(Path(page).as_uri() + f"?at={last}")
        self.wait_for_state(last)
        self.check_navigation(last)
        self.click('#nav-strip .nav-event.present[data-index="2"]')
        self.wait_for_state(2)
        edit = self.wait_for('#navigation[data-at="2"] .nav-presented[data-case="edit"]')
        self.assertEqual(edit.get_attribute("data-name"), "destination")
        errors = [m for m in self.console() if "Content Security Policy" in m]
        self.assertEqual(errors, [])

    def test_the_server_refuses_another_host(self):
        parsed = urllib.parse.urlparse(self.url)
        connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
        connection.putrequest("GET", "/api/sessions", skip_host=True)
        connection.putheader("Host", "rebind.example")
        connection.endheaders()
        response = connection.getresponse()
        self.assertEqual(response.status, 421)
        self.assertIsNone(response.getheader("Access-Control-Allow-Origin"))
        connection.close()

    def test_the_session_list(self):
        self.open("")
        self.wait_for("#sessions")
        links = self.driver.find_elements(By.CSS_SELECTOR, "#sessions a")
        self.assertEqual([link.text for link in links], ["1", "2", "3", "4"])
        links[0].click()
        self.wait_for_state(0)


class RemoteInspectorTests(PageHelpers, unittest.TestCase):
    """`rkdebug ui --db URL`: the sessions of an `rkdebug serve` collector on PostgreSQL, pushed
    from the Library and Todos fixtures. Needs $RKDEBUG_TEST_POSTGRES_URL (.ci/run starts a
    cluster): skipped without it, failed without it under CI."""

    @classmethod
    def setUpClass(cls):
        base = os.environ.get("RKDEBUG_TEST_POSTGRES_URL")
        if not base:
            if os.environ.get("CI") == "true":
                raise AssertionError("RKDEBUG_TEST_POSTGRES_URL is not set under CI")
            raise unittest.SkipTest("no PostgreSQL: eval \"$(scripts/postgres-test-cluster.sh start)\"")
        cls.directory = tempfile.mkdtemp(prefix="rkdebug-remote-browser-")
        name = f"rkdebug_browser_{os.getpid()}"
        subprocess.run(["psql", base, "-q", "-c", f"CREATE DATABASE {name}"], check=True,
                       capture_output=True)
        database = urllib.parse.urlunsplit(urllib.parse.urlsplit(base)._replace(path="/" + name))
        tokens = os.path.join(cls.directory, "tokens")
        token = "read-push-0123456789abcdef"
        with open(tokens, "w") as file:
            file.write(f"read,push {token}\n")
        cls.collector, cls.collector_url = start_serving(
            ["serve", "--database", database, "--tokens", tokens, "--port", "0"])
        cls.environment = {"RKDEBUG_TOKEN": token,
                           "RKDEBUG_CACHE_DIR": os.path.join(cls.directory, "cache")}
        fixtures = ROOT / "Tests" / "ReducerKitSamplesTests" / "Fixtures"
        for fixture in ("library", "todos"):
            subprocess.run([RKDEBUG, "push", "--db", str(fixtures / f"{fixture}.sqlite"),
                            "--to", cls.collector_url], check=True, capture_output=True,
                           env={**os.environ, **cls.environment})
        cls.server, cls.url = start_serving(
            ["ui", "--db", cls.collector_url, "--port", "0"], cls.environment)
        cls.driver = start_chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        for server in (cls.server, cls.collector):
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(cls.directory, ignore_errors=True)

    def remote(self, *arguments):
        """rkdebug ARGUMENTS --db COLLECTOR, as the page's own reads."""
        result = subprocess.run(
            [RKDEBUG, *arguments, "--db", self.collector_url], capture_output=True, text=True,
            env={**os.environ, **self.environment}, check=False)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout

    def test_the_collectors_sessions_are_listed_and_open(self):
        self.open("")
        self.wait_for("#sessions")
        links = self.driver.find_elements(By.CSS_SELECTOR, "#sessions a")
        self.assertEqual([link.text for link in links], ["1", "2"])
        listed = self.driver.find_element(By.ID, "sessions").text
        self.assertIn("library", listed)
        self.assertIn("todos", listed)
        links[1].click()
        self.wait_for_state(0)
        title = self.driver.find_element(By.ID, "title").text
        self.assertIn("session 2 · todos", title)
        # The rows and a state, as `rkdebug log` and `state` print them from the collector.
        self.wait_for('.row[data-index="12"]')
        printed = self.remote("log", "--session", "2", "--to", "12").splitlines()
        self.read(lambda: self.check_rows(printed))
        self.click_row(40)
        self.wait_for_state(40)
        state = json.loads(self.remote("state", "--session", "2", "--at", "40", "--json"))
        self.assertEqual(self.shown_state(), state)


class LiveInspectorTests(PageHelpers, unittest.TestCase):
    """`rkdebug ui --attach`: the page's live controls drive a running app (`rkdebug demo
    --live` in its own process), and the app's state, read through its link, is what the
    command line computes offline from its log."""

    TOKEN = "browser-live-token"

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="rkdebug-live-browser-")
        cls.db = os.path.join(cls.directory, "live.sqlite")
        cls.app = subprocess.Popen(
            [RKDEBUG, "demo", "--live", "--db", cls.db, "--every", "0.02", "--actions", "30",
             "--seed", "5", "--token", cls.TOKEN],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        cls.link = None
        for line in cls.app.stdout:
            if line.startswith("live: "):
                cls.link = line.split()[1]
                break
        if not cls.link:
            cls.app.kill()
            raise AssertionError(f"demo --live did not open its link: {cls.app.stderr.read()}")
        cls.server, cls.url = start_serving(
            ["ui", "--db", cls.db, "--attach", cls.link, "--token", cls.TOKEN, "--port", "0"])
        cls.driver = start_chromium()
        cls.count = cls.settled()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.terminate()
        cls.server.wait(timeout=10)
        cls.app.terminate()
        cls.app.wait(timeout=20)
        shutil.rmtree(cls.directory, ignore_errors=True)

    @classmethod
    def live(cls, request):
        """The app's answer to `request`, through the inspector's /api/live and the link."""
        host = urllib.parse.urlsplit(cls.url).netloc
        connection = http.client.HTTPConnection(host, timeout=20)
        connection.request("POST", "/api/live", json.dumps(request),
                           {"Content-Type": "application/json"})
        answer = json.loads(connection.getresponse().read())
        connection.close()
        return answer

    @classmethod
    def settled(cls):
        """Waits until the app has sent its 30 actions and nothing more came for three seconds
        (its sort effects, a second after a toggle, ended)."""
        last, unchanged = -1, 0
        for _ in range(80):
            entries = cls.live({"op": "status"})["status"]["entries"]
            unchanged = unchanged + 1 if entries == last else 0
            if entries >= 30 and unchanged >= 2:
                return entries
            last = entries
            time.sleep(1.5)
        raise AssertionError(f"the app did not settle (last: {last} entries)")

    def offline_state(self, index):
        return json.loads(rkdebug("state", "--at", str(index), "--json", db=self.db))

    def live_state(self):
        return self.live({"op": "state"})["state"]

    def wait_for_entries(self, count):
        self.until(lambda d: int(d.find_element(By.ID, "live").get_attribute(
            "data-entries") or 0) >= count)

    def test_jump_skip_and_dispatch_from_the_page(self):
        self.open("?session=1&at=1")
        self.wait_for("#live")
        self.wait_for_entries(self.count)
        present = self.live_state()

        # Jump: the app shows the logged state after entry 5.
        self.click_row(5)
        self.wait_for_state(5)
        self.click("#live-jump")
        self.until(lambda d: "showing 5" in d.find_element(By.ID, "live-status").text)
        self.assertEqual(self.live_state(), self.offline_state(5))
        # The list and scrubber grow with the control entries the app logged.
        self.until(lambda d: d.find_element(By.ID, "scrub-max").text == str(self.count + 2))
        self.assertIn("rkdebug jumped to 5", self.row(self.count + 2).text)
        self.screenshot("inspector-live.png")
        self.click("#live-resume")
        self.until(lambda d: "running" in d.find_element(By.ID, "live-status").text)
        self.assertEqual(self.live_state(), present)
        end = self.count + 3

        # Skip: an action whose skipping changes the state, as `replay --skip` computes it.
        skip = None
        for candidate in range(1, self.count + 1):
            result = subprocess.run(
                [RKDEBUG, "replay", "--db", self.db, "--skip", str(candidate), "--to", str(end),
                 "--json"], capture_output=True, text=True, check=False)
            difference = json.loads(result.stdout).get("finalDifference")
            if difference:
                skip = (candidate, difference["actual"])
                break
        self.assertIsNotNone(skip, "no action's skip changes this session's state")
        self.wait_for_entries(end)
        self.click_row(skip[0])
        self.wait_for_state(skip[0])
        self.click("#live-skip")
        self.until(lambda d: f"skipping {skip[0]}" in d.find_element(By.ID, "live-status").text)
        self.assertEqual(self.live_state(), skip[1])
        self.assertEqual(self.offline_state(end + 1), skip[1])
        self.click("#live-unskip")
        self.until(lambda d: "skipping" not in d.find_element(By.ID, "live-status").text)
        self.assertEqual(self.live_state(), present)

        # Dispatch an action typed as JSON; a bad one is refused on the page.
        field = self.driver.find_element(By.ID, "live-action")
        field.send_keys('{"launchRocket":{}}')
        self.click("#live-dispatch")
        self.until(lambda d: "does not decode" in d.find_element(By.ID, "live-message").text)
        self.assertEqual(self.live_state(), present)
        field.clear()
        field.send_keys('{"filterPicked":{"_0":"completed"}}')
        self.click("#live-dispatch")
        self.until(lambda d: d.find_element(By.ID, "live-message").text == "")
        self.until(lambda d: self.live_state()["filter"] == "completed")
        labels = [json.loads(line)["label"]
                  for line in rkdebug("log", "--json", db=self.db).splitlines()]
        self.assertEqual(labels[self.count:], [
            "rkdebug paused the app", "rkdebug jumped to 5", "rkdebug resumed the app",
            f"rkdebug skipped {skip[0]}", f"rkdebug unskipped {skip[0]}",
            "rkdebug dispatched the next action", "Todos.Action.filterPicked(.completed)"])
        self.assertEqual(self.offline_state(len(labels)), self.live_state())

    def test_a_post_from_another_origin_or_not_json_is_refused(self):
        host = urllib.parse.urlsplit(self.url).netloc
        for headers, status in [({"Content-Type": "text/plain"}, 415),
                                ({"Content-Type": "application/json",
                                  "Origin": "http://evil.example"}, 403)]:
            connection = http.client.HTTPConnection(host, timeout=20)
            connection.request("POST", "/api/live", '{"op":"pause"}', headers)
            response = connection.getresponse()
            response.read()
            connection.close()
            self.assertEqual(response.status, status)
        self.assertFalse(self.live({"op": "status"})["status"]["paused"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
