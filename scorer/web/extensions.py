"""The Flask extensions the app's rooms share, made once, set up by create_app: the CSRF check
every form passes."""

from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
