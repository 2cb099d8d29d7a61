"""A protocol client for the tools of adapters/real/ (python3, standard library): one engine
process (a shim, or `trichess serve`) asked one request at a time, for Yalta under fixed
readings."""

import json
import os
import subprocess


def trichess():
    """The trichess binary: $TRICHESS, or target/release/trichess."""
    return os.environ.get("TRICHESS", "target/release/trichess")


def start():
    """Yalta's starting position in the protocol's JSON form, from trichess."""
    return json.loads(subprocess.check_output([trichess(), "start", "yalta", "--json"]))


class Engine:
    def __init__(self, command, readings=None):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.readings, self.last = dict(readings or {}), 0

    def ask(self, cmd, readings=None, **fields):
        """Sends one request and returns its `ok`; raises RuntimeError on an error reply."""
        self.last += 1
        request = dict(fields, id=self.last, cmd=cmd, variant="yalta",
                       readings={**self.readings, **(readings or {})})
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        if "ok" not in reply:
            raise RuntimeError(f"{request}: {reply}")
        return reply["ok"]
