"""Skills: procedural memory, a folder with a SKILL.md (YAML front matter and Markdown steps).

Stores (skill_stores), the frozen index in the prompt (skill_index), staged proposals and their
gate (skill_proposals, skill_gate) and the skill_view/skill_manage tools (skill_tools). No
module here imports Textual or litellm.
"""
