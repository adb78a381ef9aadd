"""The coding workspace: the project the session runs in, its context files, and the file and
shell tools the agent may use inside it, behind the person's approval."""
