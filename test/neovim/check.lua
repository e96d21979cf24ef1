-- Runs inside a headless Neovim with the README's configuration and a .wikiq file open: waits for
-- the wikiq client, the wiki's own catalogue (a diagnostic suggesting its parameter), then asks for
-- completion, hover and a quick fix and applies it. Writes what it saw as JSON to $WIKIQ_NVIM_OUT.
local out = {}
local lsp = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/common.lua')(out)
local buf, uri, request = lsp.buf, lsp.uri, lsp.request

lsp.run(function()
  out.filetype = vim.bo[buf].filetype
  out.attached = vim.wait(10000, function() return #vim.lsp.buf_get_clients(buf) > 0 end, 20)
  out.suggested = vim.wait(20000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.message:find('fllimit', 1, true) then return true end
    end
    return false
  end, 20)
  out.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(out.diagnostics, { line = d.lnum, col = d.col, message = d.message }) end

  local list = request('textDocument/completion', { textDocument = { uri = uri }, position = { line = 3, character = 2 } })
  local items = list and (list.items or list) or {}
  out.completion = {}
  for _, i in ipairs(items) do
    table.insert(out.completion, { label = i.label, command = i.command and i.command.command or vim.NIL, documented = i.documentation ~= nil })
  end

  local hover = request('textDocument/hover', { textDocument = { uri = uri }, position = { line = 1, character = 9 } })
  out.hover = hover and (hover.contents.value or vim.inspect(hover.contents)) or vim.NIL

  local diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, 2)
  local actions = request('textDocument/codeAction', {
    textDocument = { uri = uri },
    range = { start = { line = 2, character = 0 }, ['end'] = { line = 2, character = 6 } },
    context = { diagnostics = diagnostics },
  }) or {}
  out.actions = {}
  for _, a in ipairs(actions) do table.insert(out.actions, a.title) end
  if actions[1] and actions[1].edit then vim.lsp.util.apply_workspace_edit(actions[1].edit, 'utf-16') end
  out.fixed = vim.api.nvim_buf_get_lines(buf, 2, 3, false)[1]
end)
