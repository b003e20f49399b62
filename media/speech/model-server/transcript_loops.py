"""A decode that loops ("Location. Location. Location. …"): how to tell one, and what it heard
before it looped. Plain text rules, apart from the model (whisper_window.py uses them)."""
import re
import zlib

# More words per second of audio than anyone speaks, or text that compresses like a loop (Whisper's
# own threshold for a repetitive decode is a gzip ratio of 2.4).
MAX_WORDS_PER_S = 6.0
MAX_COMPRESSION = 2.4


def looped(text, duration_s):
    """Whether a decode of `duration_s` of audio looped: more words than fit, or text that compresses like a repeat."""
    words = text.split()
    if len(words) > MAX_WORDS_PER_S * max(duration_s, 1.0):
        return True
    raw = text.encode()
    return len(raw) > 24 and len(raw) / len(zlib.compress(raw)) > MAX_COMPRESSION


def unlooped(text):
    """The text up to the end of the first run of words said again at once ("on a range. range.
    range." → "on a range."): what a looped decode heard before it looped."""
    words = text.split()
    plain = [re.sub(r"[^\w']+", "", w.lower()) for w in words]

    def said_again(end, period, times):
        run = plain[end - period : end]
        return any(run) and all(plain[end + i * period : end + (i + 1) * period] == run for i in range(times - 1))

    # A run said three times is a loop; twice may be speech ("no, no"), so it counts only when none is.
    for times in (3, 2):
        for end in range(1, len(words)):
            for period in range(1, min(end, (len(words) - end) // (times - 1)) + 1):
                if said_again(end, period, times):
                    return " ".join(words[:end])
    return text
