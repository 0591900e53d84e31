# Sahifa behind Varnish (Debian's `varnish` and `varnish-modules`, Varnish 7.1 or newer): an edge cache that keeps
# what the app says may be shared, for as long as it says, and forgets it the moment a write says so.
#
#   - Reader pages, feeds, sitemaps, the public JSON, the built assets and the images are cached by the app's own
#     Cache-Control (s-maxage, else max-age, for the time to live; stale-while-revalidate for grace); anything
#     `private`, `no-store` or with a Set-Cookie is not.
#   - Everything of /admin and /api/admin, the staff preview, /healthz, /readyz and /metrics, every request but GET and
#     HEAD, and every request carrying a staff session cookie go to the app untouched (pass): never stored, never
#     answered from the cache.
#   - Every write's cache tags reach POST /.sahifa/purge (the app's CDN_PURGE_URL) in a Surrogate-Key header; xkey
#     drops every object that carried one of them (the app sends its tags in Surrogate-Key on each answer).
#
# This file is the logic and is not edited per site. site.vcl beside it (included below) names the app instances and
# who may purge: copy it, edit it, and start Varnish with both in its VCL path, e.g.
#   varnishd -a :80 -p vcl_path=/etc/varnish/sahifa -f /etc/varnish/sahifa/sahifa.vcl -s malloc,1G
# Tested by e2e/edge-cache.e2e.ts.
vcl 4.1;

import std;
import xkey;
import directors;

# The site's part: `backend` definitions, `sub vcl_init` adding them to the director `sahifa`, and `acl purgers`.
include "site.vcl";

sub vcl_recv {
    # A header only this file sets (in vcl_pass) to say how an answer was made; never believed from a client.
    unset req.http.X-Sahifa-Edge;
    set req.backend_hint = sahifa.backend();

    # The app's purge hook (CDN_PURGE_URL = http://<varnish>/.sahifa/purge): tags in Surrogate-Key, space-separated.
    if (req.url == "/.sahifa/purge") {
        if (req.method != "POST") {
            return (synth(405, "POST only"));
        }
        if (client.ip !~ purgers) {
            return (synth(403, "Not allowed to purge"));
        }
        if (!req.http.Surrogate-Key) {
            return (synth(400, "No Surrogate-Key"));
        }
        set req.http.X-Sahifa-Purged = xkey.purge(req.http.Surrogate-Key);
        return (synth(200, "Purged " + req.http.X-Sahifa-Purged));
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The newsroom's screens and API, the staff preview, and the operators' endpoints: never shared.
    if (req.url ~ "^/(admin|api/admin)(/|\?|$)" || req.url ~ "^/preview/" || req.url ~ "^/(healthz|readyz|metrics)(\?|$)") {
        return (pass);
    }
    # A staff member signed in: their pages may differ from a reader's, and their cookie must not meet a cache.
    if (req.http.Cookie ~ "(^|;\s*)sahifa_session=") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }
    # Readers' pages do not depend on cookies (the theme and the city are kept in the browser): one copy for all.
    unset req.http.Cookie;
    # The app keys its own cache on the parameters a page reads; here, at least, one order of them is one object.
    set req.url = std.querysort(req.url);
    return (hash);
}

sub vcl_pass {
    set req.http.X-Sahifa-Edge = "PASS";
}

sub vcl_backend_response {
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Only what the app says may be shared: not private, with a lifetime (s-maxage for pages and JSON, max-age for the
    # files under /assets and /media, whose names never change), and no cookie.
    # The previous copy of a page a write has just replaced (the app answers it for the moment its one re-render takes,
    # CACHE_SERVE_PREVIOUS_MS): kept by nobody, and no hit-for-miss either, so the next reader's request asks the app
    # again and the new copy is cached as soon as it is made.
    if (beresp.http.X-Cache == "STALE" && beresp.http.Cache-Control ~ "(?i)no-store") {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        set beresp.grace = 0s;
        return (deliver);
    }
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)" || beresp.http.Cache-Control !~ "(?i)(s-maxage|max-age)=[1-9]") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # Time to live comes from s-maxage (Varnish reads it itself); grace from stale-while-revalidate: within it a
    # stale copy is answered at once while one fetch refreshes it. keep (stale-if-error) lets Varnish revalidate with
    # the ETag instead of fetching the whole answer again.
    if (beresp.http.Cache-Control ~ "(?i)stale-while-revalidate=\d+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "(?i)^.*stale-while-revalidate=(\d+).*$", "\1s"), 0s);
    } else {
        set beresp.grace = 0s;
    }
    if (beresp.http.Cache-Control ~ "(?i)stale-if-error=\d+") {
        set beresp.keep = std.duration(regsub(beresp.http.Cache-Control, "(?i)^.*stale-if-error=(\d+).*$", "\1s"), 0s);
    }
    # The tags xkey indexes the object by: the ones the app sends for every CDN.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    return (deliver);
}

sub vcl_deliver {
    unset resp.http.xkey;
    if (req.http.X-Sahifa-Edge == "PASS") {
        set resp.http.X-Edge-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Edge-Cache = "HIT";
    } else {
        set resp.http.X-Edge-Cache = "MISS";
    }
}

sub vcl_synth {
    if (req.url == "/.sahifa/purge") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.http.Cache-Control = "no-store";
        set resp.body = resp.reason + {"
"};
        return (deliver);
    }
}
