#!/usr/bin/env python3
"""Reads Portuguese screenshots back with tesseract and lists the English words it finds.

An English word is one that appears in the source strings of the translation file and in none of
its translations (so "GPU", "batch" or "prefill", kept in Portuguese, are not reported).
Usage: ocr_english.py kvledger_pt_BR.ts SHOT.png...
"""
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

WORD = re.compile(r"[A-Za-zÀ-ÿ]{4,}")


def words(text):
    return {w.lower() for w in WORD.findall(text)}


def english_only(ts_path):
    source, translated = set(), set()
    for message in ET.parse(ts_path).getroot().iter("message"):
        source |= words(message.findtext("source") or "")
        translation = message.find("translation")
        if translation is not None:
            translated |= words("".join(translation.itertext()))
    return source - translated


def main():
    english = english_only(sys.argv[1])
    total = 0
    for png in sys.argv[2:]:
        text = subprocess.run(["tesseract", png, "-", "-l", "por+eng"], capture_output=True,
                              text=True, check=False).stdout
        found = sorted(words(text) & english)
        total += len(found)
        print(f"{png}: {', '.join(found) if found else 'no English words'}")
    print(f"{total} English words in {len(sys.argv) - 2} Portuguese screens")


if __name__ == "__main__":
    main()
