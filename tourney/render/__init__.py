"""The render layer: printed sheets and the wall display as standalone HTML (DESIGN.md "Rendering").

The CLI builds one frozen view model per page (`tourney.render.pages`) from the tournament state
and hands it to a pure `render_*` function (`tourney.render.sheets`), which fills a Jinja2 template
from the top-level `templates/` folder (shipped inside the package as `tourney/templates`). This
layer never touches storage: it sees only the plain values of its view models.
"""
