"""Play offline: samrap's rules and bots in the browser under Pyodide (issue 25).

:mod:`samrap.offline.table` is a table with bots and no server, written in pure Python over the
engine and the players, so that it runs unchanged inside a Web Worker under Pyodide and speaks the
server's websocket messages (``docs/protocol.md``) to the same table UI. :mod:`samrap.offline.pack`
fetches the pinned Pyodide core from the npm registry (checked against its integrity hash) and
zips samrap's pure-Python packages for the worker.
"""
