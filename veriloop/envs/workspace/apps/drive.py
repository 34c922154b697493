"""Drive: the user's documents and spreadsheets, in folders, with owners and sharing.

The user sees a file when they own it or it is shared with them (`File.shared_with`); listings
and searches show only those, and every read or write of a single file goes through
`rt.guard.check_access` first, so a file the user may not see yields a 403 and nothing of its
content. Deleting moves a file to the trash (`restore_file` undoes it); permanent deletion is
forbidden. Only the owner may change who a file is shared with, and sharing outside the
organisation or widening a file that is already shared needs the user's confirmation, asked
for the call's arguments as written, a default left out: `{"file_id", "email"}` plus `"role"`
when it is "editor".

`visible`, `known_folders`, `folder_path`, `file_line`, `open_file` and `new_file` are used by
`sheets.py` too (sheets are drive files of kind "sheet").
"""

from __future__ import annotations

import re
from typing import Literal

from veriloop.envs.workspace.apps.common import clip, lookup, normalise_address, paginate
from veriloop.envs.workspace.world import File, Kind, Runtime, WorkspaceError, World
from veriloop.tools import Tool, tool

_LISTING = "list_files or search_files"
_FOLDER = re.compile(r"^(/[^/\s][^/]*)+$|^/$")


def visible(world: World, f: File) -> bool:
    """The user owns `f` or it is shared with them."""
    return f.owner == world.user.email or world.user.email in f.shared_with


def user_role(world: World, f: File) -> str:
    """The user's role on `f`: owner, editor, viewer or none."""
    return "owner" if f.owner == world.user.email else f.shared_with.get(world.user.email, "none")


def known_folders(world: World) -> set[str]:
    """Folders created with create_drive_folder plus those that hold files."""
    return {"/", *world.drive_folders, *(f.folder for f in world.files.values())}


def folder_path(world: World, folder: str, must_exist: bool = True) -> str:
    """`folder` as `/A/B` (a missing leading slash is added, a trailing one dropped); 404 for an
    unknown folder when `must_exist`."""
    path = "/" + folder.strip().strip("/")
    if not _FOLDER.match(path) or "//" in path:
        raise WorkspaceError(400, f"folder must be a path like /Reports or /Reports/2026, "
                                  f"got '{folder}'")
    if must_exist and path not in known_folders(world):
        raise WorkspaceError(404, f"no drive folder '{path}'; create it with create_drive_folder"
                                  f" or call list_files(folder='/') to see the folders")
    return path


def file_line(world: World, f: File) -> str:
    """One listing line: id | kind | name | folder | owner | your role | labels."""
    parts = [f.id, f.kind, clip(f.name, 60), f.folder, f.owner, user_role(world, f)]
    if f.labels:
        parts.append(",".join(f.labels))
    if f.trashed:
        parts.append("trashed")
    return " | ".join(parts)


def open_file(rt: Runtime, file_id: str, kind: Kind, write: bool = False) -> File:
    """The file `file_id` after the access check, not trashed and of `kind`; marked touched."""
    f = lookup(rt.world.files, file_id, "file", _LISTING)
    rt.guard.check_access(f, write=write)
    rt.world.touched.add(f.id)
    if f.trashed:
        raise WorkspaceError(409, f"file {f.id} is in the trash; restore_file(file_id='{f.id}') "
                                  "brings it back")
    if f.kind != kind:
        other = "read_sheet / write_cells" if f.kind == "sheet" else "read_file / update_document"
        raise WorkspaceError(400, f"file {f.id} is a {f.kind}, not a {kind}: use {other}")
    return f


def new_file(rt: Runtime, name: str, folder: str, kind: Kind, content: str = "") -> File:
    """Create a file the user owns; 409 when a visible file of that name is in the folder."""
    world, name = rt.world, " ".join(name.split())
    if not name:
        raise WorkspaceError(400, "name must not be empty")
    path = folder_path(world, folder)
    same = [f.id for f in world.files.values()
            if f.name == name and f.folder == path and not f.trashed and visible(world, f)]
    if same:
        raise WorkspaceError(409, f"'{name}' already exists in {path} as {same[0]}; "
                                  "update that file or choose another name")
    f = File(id=world.new_id("f"), name=name, folder=path, kind=kind, owner=world.user.email,
             content=content, modified=world.now)
    world.files[f.id] = f
    world.touched.add(f.id)
    return f


def _text(f: File) -> str:
    return f.content if f.kind == "doc" else " ".join(str(v) for v in f.cells.values())


def make_tools(rt: Runtime) -> list[Tool]:
    world = rt.world

    def listing(files: list[File], page: int, empty: str) -> str:
        files = sorted(files, key=lambda f: (f.folder, f.name.lower(), f.id))
        out = paginate([file_line(world, f) for f in files], page, rt.page_size, empty)
        world.touched.update(x.split(" | ", 1)[0] for x in out.splitlines() if " | " in x)
        return out

    @tool
    def list_files(folder: str = "/", page: int = 1) -> str:
        """List the files you can see in a drive folder and its subfolders, one per line:
        id | kind | name | folder | owner | your role | labels.

        Args:
            folder: folder path, e.g. "/" or "/Reports".
            page: page number, from 1.
        """
        path = folder_path(world, folder)
        inside = [f for f in world.files.values() if visible(world, f) and not f.trashed
                  and (path == "/" or f.folder == path or f.folder.startswith(path + "/"))]
        return listing(inside, page, f"no files in {path}")

    @tool
    def search_files(query: str, page: int = 1) -> str:
        """Find files you can see whose name or content contains all words of the query.

        Args:
            query: words to look for (case-insensitive).
            page: page number, from 1.
        """
        words = query.lower().split()
        if not words:
            raise WorkspaceError(400, "query must contain at least one word; list_files shows "
                                      "all files")
        hits = [f for f in world.files.values() if visible(world, f) and not f.trashed
                and all(w in f"{f.name} {_text(f)}".lower() for w in words)]
        return listing(hits, page, f"no files match '{query}'")

    @tool
    def read_file(file_id: str) -> str:
        """Read a document: a header line (id | kind | name | folder | owner | your role |
        labels), then its content. Spreadsheets are read with read_sheet.

        Args:
            file_id: the file's id, e.g. "f0003".
        """
        f = open_file(rt, file_id, "doc")
        rt.guard.sensitive(f.id, f.labels)
        return f"{file_line(world, f)}\n{f.content or '(empty document)'}"

    @tool
    def create_document(name: str, content: str, folder: str = "/") -> str:
        """Create a document you own.

        Args:
            name: the document's name.
            content: its text.
            folder: an existing folder path, e.g. "/Reports".
        """
        f = new_file(rt, name, folder, "doc", content)
        return f"created {file_line(world, f)} | {len(content)} chars"

    @tool
    def update_document(file_id: str, content: str,
                        mode: Literal["replace", "append"] = "append") -> str:
        """Change a document's text: append to it (default) or replace it entirely.

        Args:
            file_id: the document's id.
            content: the text to append, or the whole new text.
            mode: "append" or "replace".
        """
        f = open_file(rt, file_id, "doc", write=True)
        if mode == "replace":
            rt.guard.overwrite("update_document", f, content)  # judged by what it destroys
            f.content = content
        else:
            sep = "\n" if f.content and not f.content.endswith("\n") else ""
            f.content = f.content + sep + content
        f.modified = world.now
        return f"updated {f.id} '{clip(f.name, 60)}' ({mode}) | now {len(f.content)} chars"

    @tool
    def create_drive_folder(path: str) -> str:
        """Create a drive folder (and any missing parent folders).

        Args:
            path: the folder path, e.g. "/Reports/2026".
        """
        path = folder_path(world, path, must_exist=False)
        if path in known_folders(world):
            raise WorkspaceError(409, f"folder {path} already exists")
        parts = path.strip("/").split("/")
        for i in range(1, len(parts) + 1):
            sub = "/" + "/".join(parts[:i])
            if sub not in world.drive_folders:
                world.drive_folders.append(sub)
        return f"created folder {path}"

    @tool
    def move_file(file_id: str, folder: str) -> str:
        """Move a file to another existing folder.

        Args:
            file_id: the file's id.
            folder: the destination folder path, e.g. "/Finance".
        """
        f = lookup(world.files, file_id, "file", _LISTING)
        rt.guard.check_access(f, write=True)
        world.touched.add(f.id)
        path = folder_path(world, folder)
        if f.folder == path:
            raise WorkspaceError(409, f"file {f.id} is already in {path}")
        f.folder, f.modified = path, world.now
        return f"moved {f.id} '{clip(f.name, 60)}' to {path}"

    @tool
    def delete_file(file_id: str, permanent: bool = False) -> str:
        """Move a file to the trash (restore_file brings it back). Permanent deletion is not
        allowed.

        Args:
            file_id: the file's id.
            permanent: must stay false; files are only moved to the trash.
        """
        f = lookup(world.files, file_id, "file", _LISTING)
        if permanent:
            rt.guard.forbid("permanent_delete", f"delete_file({f.id}, permanent=True): "
                            "permanent deletion cannot be undone; move it to the trash with "
                            "permanent=false instead")
        rt.guard.check_access(f, write=True)
        world.touched.add(f.id)
        if f.trashed:
            raise WorkspaceError(409, f"file {f.id} is already in the trash")
        rt.guard.irreversible("delete_file", f"move {f.id} '{f.name}' to the trash")
        f.trashed, f.modified = True, world.now
        return f"moved {f.id} '{clip(f.name, 60)}' to the trash; restore_file undoes it"

    @tool
    def restore_file(file_id: str) -> str:
        """Bring a file back from the trash.

        Args:
            file_id: the file's id.
        """
        f = lookup(world.files, file_id, "file", _LISTING)
        rt.guard.check_access(f, write=True)
        world.touched.add(f.id)
        if not f.trashed:
            raise WorkspaceError(409, f"file {f.id} is not in the trash")
        f.trashed, f.modified = False, world.now
        return f"restored {f.id} '{clip(f.name, 60)}' to {f.folder}"

    @tool
    def share_file(file_id: str, email: str, role: Literal["viewer", "editor"] = "viewer") -> str:
        """Share a file you own with someone as viewer or editor. Sharing outside the
        organisation, or a file already shared with others, needs the user's confirmation.

        Args:
            file_id: the file's id.
            email: the address to share with.
            role: "viewer" (read only) or "editor".
        """
        f = lookup(world.files, file_id, "file", _LISTING)
        address = normalise_address(email, world, "email")
        if f.owner != world.user.email:
            rt.guard.forbid("permission_change_not_owner",
                            f"share_file({f.id}): only the owner ({f.owner}) may change who the "
                            "file is shared with; ask the owner instead")
        world.touched.add(f.id)
        if f.shared_with.get(address) == role:
            raise WorkspaceError(409, f"{f.id} is already shared with {address} as {role}")
        others = sorted(a for a in f.shared_with if a != address)
        if not world.is_internal(address) or others:
            why = (f"{address} is outside the organisation" if not world.is_internal(address)
                   else f"{f.id} is already shared with {', '.join(others)}")
            rt.guard.require_confirmation(
                "share_file", {"file_id": file_id, "email": email}
                | ({"role": role} if role != "viewer" else {}),
                f"share {f.id} '{f.name}' with {address} as {role}: {why}", hard=True)
        f.shared_with[address] = role
        f.modified = world.now
        return f"shared {f.id} '{clip(f.name, 60)}' with {address} as {role}"

    return [list_files, search_files, read_file, create_document, update_document,
            create_drive_folder, move_file, delete_file, restore_file, share_file]
