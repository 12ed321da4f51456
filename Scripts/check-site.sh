#!/usr/bin/env bash
# Builds the OnKit documentation site as the README says, serves it on 127.0.0.1, takes
# screenshots of the landing page, `On`, `Event` and two articles with headless Chromium, and
# fails if any of those pages is wider than a 1280-pixel window
# (`document.documentElement.scrollWidth > 1280`: it would scroll sideways).
#
#   bash Scripts/check-site.sh [screenshot folder]   (default: .build-docs/screenshots)
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
rm -rf "$site"
# The README's commands (Documentation), with the site under .build-docs. ONKIT_SITE_SYMBOL_GRAPHS
# names merged symbol graphs (Scripts/merge-symbol-graphs.py) to show the Apple-only members too.
extra=()
if [ -n "${ONKIT_SITE_SYMBOL_GRAPHS:-}" ]; then extra=(--additional-symbol-graph-dir "$ONKIT_SITE_SYMBOL_GRAPHS"); fi
mkdir -p "$site"
ONKIT_DOCS=1 swift package --scratch-path .build-docs \
    --allow-writing-to-directory "$site" \
    generate-documentation --target OnKit \
    --output-path "$site/OnKit" --transform-for-static-hosting "${extra[@]}" 2>&1 | tail -n 2
if [ ! -f "$site/OnKit/index.html" ]; then
    echo "FAIL: the README's command built no site in $site/OnKit." >&2
    exit 1
fi

# A page of our own, beside the site (same origin), loads a page in a 1280-pixel iframe and
# writes the width of its document once DocC has rendered it.
cat > "$site/OnKit/width-check.html" <<'HTML'
<!doctype html><html><body style="margin:0">
<pre id="result">pending</pre>
<iframe id="page" style="width:1280px;height:900px;border:0"></iframe>
<script>
const page = new URLSearchParams(location.search).get("page");
const frame = document.getElementById("page");
frame.src = page;
frame.onload = () => setTimeout(() => {
  const doc = frame.contentDocument;
  const rendered = doc.querySelector("main") !== null && doc.body.innerText.length > 200;
  document.getElementById("result").textContent =
    "width=" + doc.documentElement.scrollWidth + " rendered=" + rendered;
}, 8000);
</script></body></html>
HTML

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory "$site/OnKit" "$port" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    curl -fs "http://127.0.0.1:$port/documentation/onkit" >/dev/null 2>&1 && break
    sleep 0.2
done

chrome() {
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --disable-dev-shm-usage \
        --virtual-time-budget=15000 "$@" 2>/dev/null
}

mkdir -p "$shots"
failed=0
for page in onkit onkit/on onkit/event onkit/notifications onkit/gettingstarted ${ONKIT_SITE_EXTRA_PAGES:-}; do
    url="http://127.0.0.1:$port/documentation/$page"
    name="$(tr / - <<<"$page")"
    chrome --window-size=1280,2400 --screenshot="$shots/$name.png" "$url" >/dev/null
    result="$(chrome --dump-dom "http://127.0.0.1:$port/width-check.html?page=/documentation/$page" \
        | sed -n 's/.*<pre id="result">\([^<]*\)<.*/\1/p')"
    echo "/documentation/$page: $result (screenshot: $shots/$name.png)"
    width="$(sed -n 's/^width=\([0-9]*\) .*/\1/p' <<<"$result")"
    if [ -z "$width" ] || ! grep -q "rendered=true" <<<"$result"; then
        echo "FAIL: /documentation/$page did not render in Chromium." >&2
        failed=1
    elif [ "$width" -gt 1280 ]; then
        echo "FAIL: /documentation/$page is $width pixels wide: it scrolls sideways at 1280." >&2
        failed=1
    fi
done
exit "$failed"
