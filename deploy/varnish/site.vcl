# The site's part of the Varnish configuration (sahifa.vcl includes it): the app instances and who may purge.
# Copy it beside sahifa.vcl and edit it; sahifa.vcl itself stays as shipped.

# One backend per app instance (each `npm start`, or each machine). The probe asks /readyz, which answers 503 while
# an instance is stopping or cannot reach its database or storage, so Varnish sends readers elsewhere meanwhile.
probe sahifa_ready {
    .url = "/readyz";
    .interval = 2s;
    .timeout = 1s;
    .window = 5;
    .threshold = 3;
    .initial = 3;
}

backend app1 {
    .host = "127.0.0.1";
    .port = "3000";
    .probe = sahifa_ready;
    .first_byte_timeout = 15s;
}

# More instances: one backend each, and add_backend below.
# backend app2 {
#     .host = "10.0.0.12";
#     .port = "3000";
#     .probe = sahifa_ready;
#     .first_byte_timeout = 15s;
# }

sub vcl_init {
    new sahifa = directors.round_robin();
    sahifa.add_backend(app1);
    # sahifa.add_backend(app2);
}

# Who may POST /.sahifa/purge: the app instances (their CDN_PURGE_URL points here). Nobody else.
acl purgers {
    "127.0.0.1";
    "::1";
    # "10.0.0.12";
}
