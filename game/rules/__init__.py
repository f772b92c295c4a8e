"""The pure rules core: no pygame, no pytmx, no global state.

Every function here takes the world, the board, the declarations and a dice
source and returns events; nothing random happens outside the injected dice.
"""
