"""This phone's name, as the record of changes shows it."""

from __future__ import annotations

from flask import (
    redirect,
    render_template,
    request,
    url_for,
)

from scorer.web.core.i18n import gettext
from scorer.web.core.links import own_path
from scorer.web.core.phone import (
    PHONE_COOKIE,
    PHONE_NAME_MAX,
    YEAR,
    clean_name,
    phone_name,
)
from scorer.web.games.blueprint import bp
from scorer.web.games.forms import PhoneForm


@bp.route("/phone", methods=["GET", "POST"])
def name_phone():
    """This phone's name, as the record of changes shows it; kept in a cookie."""
    form = PhoneForm(request.values)
    back = own_path(form.back.data or "", url_for(".index"))
    error = None
    if request.method == "POST":
        name = clean_name(form.name.data, PHONE_NAME_MAX)
        if not name:
            error = gettext("Bitte einen Namen eingeben, zum Beispiel «Anna» oder «Tisch 3».")
        else:
            response = redirect(back, 303)
            response.set_cookie(
                PHONE_COOKIE,
                name,
                max_age=YEAR,
                samesite="Lax",
                httponly=True,
                secure=request.is_secure,
            )
            return response
    return render_template(
        "games/phone.html",
        form=form,
        name=phone_name(),
        back=back,
        error=error,
        limit=PHONE_NAME_MAX,
    ), (422 if error else 200)
