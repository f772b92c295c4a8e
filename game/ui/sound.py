"""Sound effects, synthesised with numpy the first time one is played: footsteps, melee hits
and misses, shots, dice, and the end of a battle.

No sound files ship with the game: every effect is made here from sine waves and
seeded noise, so there is nothing to license (docs/ui.md says so).  Where no audio
device exists (or SDL_AUDIODRIVER=dummy, as in the tests) the mixer may still open, or
fail to: either way the game goes on, silently if it must.  Volume and mute come from
the settings (`Prefs.volume`, `Prefs.muted`).
"""

from __future__ import annotations

import numpy as np
import pygame

from game.ui.prefs import Prefs

RATE = 22050  # samples per second asked of the mixer
SEED = 19  # of the noise in the effects: the same effect every time
EFFECTS = ("steps", "melee_hit", "melee_miss", "shot", "dice", "victory", "defeat")
"""Every effect the game plays, by name."""


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _env(t: np.ndarray, decay: float, attack: float = 0.004) -> np.ndarray:
    """A quick rise and an exponential fall (`decay` seconds to about a third)."""
    return np.minimum(1.0, t / attack) * np.exp(-t / decay)


def _noise(n: int, salt: int) -> np.ndarray:
    return np.random.default_rng(SEED + salt).uniform(-1.0, 1.0, n)


def _lowpass(x: np.ndarray, keep: float) -> np.ndarray:
    """A one-pole low-pass filter (`keep` near 1: darker)."""
    out = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc = keep * acc + (1 - keep) * v
        out[i] = acc
    return out


def _place(total: float, *parts: tuple[float, np.ndarray]) -> np.ndarray:
    """Mix sounds starting at given seconds into one of `total` seconds."""
    out = np.zeros(int(RATE * total))
    for start, wave in parts:
        i = int(RATE * start)
        n = min(len(wave), len(out) - i)
        out[i : i + n] += wave[:n]
    return out


def _thud(salt: int) -> np.ndarray:
    t = _t(0.09)
    body = np.sin(2 * np.pi * (95 - 300 * t) * t) * _env(t, 0.025)
    grit = _lowpass(_noise(len(t), salt), 0.8) * _env(t, 0.012) * 0.8
    return body + grit


def synthesise(name: str) -> np.ndarray:
    """One effect as mono samples in -1..1 at RATE."""
    if name == "steps":
        return _place(0.42, (0.0, _thud(1)), (0.2, _thud(2) * 0.8))
    if name == "melee_hit":
        t = _t(0.35)
        ring = sum(np.sin(2 * np.pi * f * t) * a for f, a in ((523, 0.5), (1187, 0.3), (1973, 0.2)))
        clash = _noise(len(t), 3) * _env(t, 0.02)
        return (ring * _env(t, 0.09) + clash) * 0.8
    if name == "melee_miss":
        t = _t(0.3)
        swell = np.sin(np.pi * t / t[-1]) ** 2
        return _lowpass(_noise(len(t), 4), 0.6) * swell * 1.4
    if name == "shot":
        t = _t(0.4)
        crack = _noise(len(t), 5) * _env(t, 0.03, 0.001)
        boom = np.sin(2 * np.pi * (70 - 60 * t) * t) * _env(t, 0.12)
        return crack * 0.9 + boom * 0.7
    if name == "dice":
        t = _t(0.03)
        click = np.sin(2 * np.pi * 2400 * t) * _env(t, 0.006, 0.001)
        return _place(0.3, *((at, click * (1 - k * 0.2)) for k, at in enumerate((0.0, 0.07, 0.12, 0.19))))
    if name in ("victory", "defeat"):
        notes = (523.3, 659.3, 784.0, 1046.5) if name == "victory" else (392.0, 349.2, 311.1, 261.6)
        t = _t(0.32)
        tone = [np.sin(2 * np.pi * f * t) * _env(t, 0.18, 0.01) * 0.5 for f in notes]
        return _place(1.3, *((0.16 * k, w) for k, w in enumerate(tone)))
    raise KeyError(name)


class Sounds:
    """The mixer and the effects; every method is safe to call without an audio device."""

    def __init__(self, prefs: Prefs) -> None:
        self.volume = 0.0
        self.apply(prefs)
        self._ready: bool | None = None  # None: not tried yet; False: no audio here
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # every effect asked for, in order (for the tests)

    def apply(self, prefs: Prefs) -> None:
        """Take the settings' volume and mute."""
        self.volume = 0.0 if prefs.muted else max(0.0, min(1.0, prefs.volume))
        for sound in getattr(self, "_sounds", {}).values():
            sound.set_volume(self.volume)

    @property
    def available(self) -> bool:
        """Whether a mixer is open (opening it the first time it is asked)."""
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(RATE, -16, 2, 512)
                self._ready = bool(pygame.mixer.get_init())
            except (pygame.error, NotImplementedError, OSError):
                self._ready = False
        return self._ready

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The effect ready to play (made the first time), or None without a mixer."""
        if name in self._sounds:
            return self._sounds[name]
        if not self.available:
            return None
        freq, size, channels = pygame.mixer.get_init()
        wave = synthesise(name)
        if freq != RATE:  # the mixer chose its own rate: resample (nearest sample is enough here)
            wave = wave[(np.arange(int(len(wave) * freq / RATE)) * RATE / freq).astype(int)]
        samples = (np.clip(wave, -1, 1) * 0.6 * 32767).astype(np.int16)
        if channels > 1:
            samples = np.repeat(samples[:, None], channels, axis=1)
        try:
            sound = pygame.sndarray.make_sound(np.ascontiguousarray(samples) if abs(size) == 16 else samples)
        except (pygame.error, ValueError):
            self._ready = False
            return None
        sound.set_volume(self.volume)
        self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play an effect (nothing when muted or without audio)."""
        if name not in EFFECTS:
            raise KeyError(f"no sound effect {name!r}")
        self.played.append(name)
        del self.played[:-50]
        if self.volume <= 0:
            return
        sound = self.sound(name)
        if sound is not None:
            sound.play()
