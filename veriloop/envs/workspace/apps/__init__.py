"""The workspace's apps, one module each, every one exporting `make_tools(rt) -> list[Tool]`:
`mail`, `chat`, `drive`, `sheets`, `calendar` and `assistant` (ask_user, request_confirmation).
`common` holds what they share: pagination, id lookup, date and address normalisation.
Nothing is imported here, so each app module loads on its own.
"""
