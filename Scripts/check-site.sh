#!/usr/bin/env bash
# Builds both documentation catalogs (OnKit, OnKitURLSession) as the README says, serves each on
# 127.0.0.1, and looks at them as a reader does, with headless Chromium at 1280 px:
#
# - every page of each site (one per JSON file under data/documentation) is loaded in a
#   1280x900 frame, and inside its main column every code listing, declaration, table and
#   example (`pre`, `table`, and each box around them up to `main`) is measured: a box whose
#   content is wider than the box (it scrolls or clips) or that reaches past 1280 px fails the
#   check, with the page, the box and its first line (declarations wrap, through the catalogs'
#   header.html, which --experimental-enable-custom-templates puts on every page);
# - the document's own width is checked too (a page that scrolls sideways);
# - a screenshot is kept of each article and catalog page, and of every page that failed
#   (default folder: .build-docs/screenshots).
#
#   bash Scripts/check-site.sh [screenshot folder]
#
# ONKIT_SITE_SYMBOL_GRAPHS names merged symbol graphs (Scripts/merge-symbol-graphs.py) to show
# the Apple-only members too. ONKIT_SITE_PAGES=N measures only the first N pages of each site
# (a quick look while writing; CI measures them all).
#
# Needs chromium (`apt-get install -y chromium`). Without it, it prints "skipped: …" and exits 0,
# so that CI can call it on machines that do not have it.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
shots="${1:-$root/.build-docs/screenshots}"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$browser" ]; then
    echo "skipped: no Chromium (apt-get install -y chromium) to look at the site"
    exit 0
fi

site="$root/.build-docs/site"
# ONKIT_SITE_REUSE=1 measures the sites a previous run built (a quick look while writing).
if [ -z "${ONKIT_SITE_REUSE:-}" ]; then rm -rf "$site"; fi
rm -rf "$shots"
mkdir -p "$site" "$shots"
server=""
trap '[ -z "$server" ] || kill "$server" 2>/dev/null || true' EXIT

chrome() {
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --disable-dev-shm-usage \
        "$@" 2>/dev/null
}

# The page that measures: it loads each page of its list in a 1280-pixel frame (same origin, so
# it can read the frame's document), waits until DocC has rendered it, and writes one line per
# page into #result. Each box is reported once, by its innermost element that overflows.
measure_page='<!doctype html><html><body style="margin:0">
<pre id="result"></pre>
<iframe id="page" style="width:1280px;height:900px;border:0"></iframe>
<script>
const pages = PAGES;
const out = document.getElementById("result");
const frame = document.getElementById("page");
const wait = (ms) => new Promise((done) => setTimeout(done, ms));
function describe(element) {
  const classes = (element.className && element.className.baseVal === undefined)
    ? "." + String(element.className).trim().split(/\s+/).join(".") : "";
  return element.tagName.toLowerCase() + (classes === "." ? "" : classes);
}
function measure(doc) {
  const main = doc.querySelector("main");
  const problems = [];
  const seen = new Set();
  for (const box of main.querySelectorAll("pre, table")) {
    for (let element = box; element && element !== main; element = element.parentElement) {
      const style = doc.defaultView.getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      const overflows = element.scrollWidth > element.clientWidth + 1 && style.overflowX !== "visible";
      const outside = rect.right > 1280.5 && rect.width > 0;
      if ((overflows || outside) && !seen.has(element)) {
        seen.add(element);
        const first = (box.innerText || "").split("\n").find((line) => line.trim()) || "";
        problems.push(describe(element) + (overflows
          ? " scrolls: content " + element.scrollWidth + " px in a box of " + element.clientWidth
          : " reaches " + Math.round(rect.right) + " px") + " | " + first.trim().slice(0, 90));
        break;
      }
    }
  }
  return problems;
}
function router(doc) {
  // DocC-Render is a Vue app: moving its router renders the next page without reloading the
  // app (a reload per page costs seconds on a loaded machine). A reload is the fallback.
  for (const element of doc.querySelectorAll("#app, #app > *, body > *")) {
    if (element.__vue__ && element.__vue__.$root.$router) return element.__vue__.$root.$router;
  }
  return null;
}
async function rendered(page) {
  for (let tries = 0; tries < 60; tries++) {
    await wait(250);
    const current = frame.contentDocument;
    if (current && current.querySelector("main") && current.body.innerText.length > 200 &&
        decodeURIComponent(current.location.pathname).replace(/\/$/, "") === page) return current;
  }
  return null;
}
async function run() {
  let doc = null;
  for (const page of pages) {
    const moving = doc && router(doc);
    if (moving) {
      try { await moving.push(page); } catch (error) { /* a redirect: rendered() decides */ }
      await wait(300);
    } else {
      frame.src = page;
    }
    doc = await rendered(page);
    if (!doc) { out.textContent += page + "\tnot-rendered\n"; continue; }
    await wait(300);  // fonts and late layout
    const problems = measure(doc);
    out.textContent += page + "\twidth=" + doc.documentElement.scrollWidth +
      (problems.length ? "\t" + problems.join("\t") : "") + "\n";
  }
  out.textContent += "done\n";
}
run();
</script></body></html>'

failed=0
total=0
# ONKIT_SITE_TARGETS names the catalogs to look at (default: both).
for target in ${ONKIT_SITE_TARGETS:-OnKit OnKitURLSession}; do
    slug="$(tr '[:upper:]' '[:lower:]' <<<"$target")"
    extra=()
    if [ "$target" = OnKit ] && [ -n "${ONKIT_SITE_SYMBOL_GRAPHS:-}" ]; then
        extra=(--additional-symbol-graph-dir "$ONKIT_SITE_SYMBOL_GRAPHS")
    fi
    # The README's commands (Documentation), with the site under .build-docs.
    [ -n "${ONKIT_SITE_REUSE:-}" ] && [ -f "$site/$target/index.html" ] || ONKIT_DOCS=1 swift package --scratch-path .build-docs \
        --allow-writing-to-directory "$site" \
        generate-documentation --target "$target" \
        --output-path "$site/$target" --transform-for-static-hosting --experimental-enable-custom-templates \
        "${extra[@]}" 2>&1 | tail -n 2
    if [ ! -f "$site/$target/index.html" ]; then
        echo "FAIL: the README's command built no site in $site/$target." >&2
        exit 1
    fi

    # The README links each article's rendered page (served on 8000, or 8001 for URLSession):
    # each must be a page of this site.
    port_of_readme=$([ "$target" = OnKit ] && echo 8000 || echo 8001)
    for link in $(grep -oE "http://127\.0\.0\.1:$port_of_readme/documentation/[a-z0-9/]+" README.md | sort -u); do
        if [ ! -f "$site/$target/data/${link#http://127.0.0.1:$port_of_readme/}.json" ]; then
            echo "FAIL: README.md links $link, which is no page of the $target site." >&2
            failed=1
        fi
    done

    # Every page: one JSON file per page under data/documentation, at the same path.
    mapfile -t pages < <(cd "$site/$target/data" && find documentation -name '*.json' | sed 's/\.json$//' | sort)
    if [ -n "${ONKIT_SITE_PAGES:-}" ]; then pages=("${pages[@]:0:$ONKIT_SITE_PAGES}"); fi
    if [ "${#pages[@]}" -lt 5 ]; then
        echo "FAIL: the $target site has ${#pages[@]} pages; a moved catalog must not pass by checking nothing." >&2
        exit 1
    fi

    python3 - "$site/$target/data" > "$site/$target-shown.txt" <<'PYTHON'
import json, pathlib, sys
data = pathlib.Path(sys.argv[1])
for path in sorted(data.rglob("*.json")):
    page = "/" + str(path.relative_to(data))[:-len(".json")]
    role = json.loads(path.read_text()).get("metadata", {}).get("role")
    # A browser per screenshot costs seconds: the catalog page, On, Event and Decision, the
    # written articles and one reference page (the generated ones share its layout).
    reference = page.endswith("-callbacks") and not page.endswith("/uitextfield-callbacks")
    symbol = page.count("/") == 3 and page.endswith(("/on", "/event", "/decision"))
    written = role in ("article", "collection") or (role == "collectionGroup" and not page.endswith("-implementations"))
    if (written and not reference) or symbol:
        print(page)
PYTHON

    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    python3 -m http.server --bind 127.0.0.1 --directory "$site/$target" "$port" >/dev/null 2>&1 &
    server=$!
    for _ in $(seq 50); do
        curl -fs "http://127.0.0.1:$port/documentation/$slug" >/dev/null 2>&1 && break
        sleep 0.2
    done

    # Batches of 40 pages per browser, so that one stuck page cannot cost the whole run.
    results="$site/$target-widths.txt"
    : > "$results"
    for ((start = 0; start < ${#pages[@]}; start += 40)); do
        batch=("${pages[@]:start:40}")
        list="$(printf '"/%s",' "${batch[@]}")"
        echo "${measure_page/PAGES/[${list%,}]}" > "$site/$target/measure-$start.html"
        chrome --virtual-time-budget=$((${#batch[@]} * 20000)) \
            --dump-dom "http://127.0.0.1:$port/measure-$start.html" \
            | sed -n '/<pre id="result">/,/<\/pre>/p' | sed 's/<[^>]*>//g' | grep -v '^done$' | grep . >> "$results" || true
        for page in "${batch[@]}"; do
            grep -q "^/$page	" "$results" || printf '/%s\tnot-measured\n' "$page" >> "$results"
        done
    done

    while IFS=$'\t' read -r page width found; do
        total=$((total + 1))
        problems="$(tr '\t' '\n' <<<"$found" | paste -sd '\t' || true)"
        bad=""
        case "$width" in
            not-rendered | not-measured) bad="did not render in Chromium" ;;
            width=*) if [ "${width#width=}" -gt 1280 ]; then bad="is ${width#width=} px wide: it scrolls sideways"; fi ;;
        esac
        name="$(tr / - <<<"${page#/documentation/}")"
        # Articles, the catalog's page and On, Event and Decision get a screenshot; so does
        # every page that failed.
        if [ -n "$bad" ] || [ -n "$problems" ] || grep -qxF "$page" "$site/$target-shown.txt"; then
            chrome --virtual-time-budget=15000 --window-size=1280,2400 \
                --screenshot="$shots/$name.png" "http://127.0.0.1:$port$page" >/dev/null || true
        fi
        if [ -n "$bad" ]; then
            echo "FAIL: $page $bad (screenshot: $shots/$name.png)" >&2
            failed=1
        fi
        if [ -n "$problems" ]; then
            echo "FAIL: $page has a box that scrolls or clips at 1280 px (screenshot: $shots/$name.png):" >&2
            tr '\t' '\n' <<<"$problems" | sed 's/^/    /' >&2
            failed=1
        fi
    done < "$results"
    kill "$server" 2>/dev/null || true
    server=""
    echo "$target: ${#pages[@]} pages measured at 1280 px ($results)"
done
echo "site: $total pages measured, screenshots in $shots"
exit "$failed"
