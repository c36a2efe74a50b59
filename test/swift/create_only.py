# Carries S3's create-only PUT (If-None-Match: *) past the s3api of Debian's Swift, which refuses it, to Swift's proxy,
# whose object PUT honours If-None-Match: * itself; LanceDB commits each table version with such a PUT.
#
# Two filters of the proxy's pipeline: `hold` before s3api takes the header out of the request's environment (the
# signature is checked against the raw headers, which keep it), and `restore` after the auth filter puts it back on
# the Swift object PUT that s3api made, so that Swift answers 412 when the object exists, which s3api passes on as S3's
# PreconditionFailed.

HELD = 'lantern.if_none_match'


def hold_factory(global_conf, **local_conf):
    def hold(app):
        def call(environ, start_response):
            if environ.get('REQUEST_METHOD') == 'PUT' and environ.get('HTTP_IF_NONE_MATCH') == '*':
                environ[HELD] = environ.pop('HTTP_IF_NONE_MATCH')
            return app(environ, start_response)
        return call
    return hold


def restore_factory(global_conf, **local_conf):
    def restore(app):
        def call(environ, start_response):
            is_object = environ.get('PATH_INFO', '').count('/') >= 4
            if environ.get('REQUEST_METHOD') == 'PUT' and is_object and HELD in environ:
                environ['HTTP_IF_NONE_MATCH'] = environ[HELD]
            return app(environ, start_response)
        return call
    return restore
