-- Runs inside a headless Neovim with the README's configuration and a .wikiq file open: waits for
-- the wikiq client and for Neovim's diagnostics to hold every code in $WIKIQ_NVIM_CODES (a comma-
-- separated list; the content diagnostics arrive after the plain ones), writes them down, then asks
-- each one's code actions as a user's `vim.lsp.buf.code_action()` would (the line's diagnostics in
-- the context), notes the quick fixes' titles (not the refactorings) and applies the first quick
-- fix, last line first so the lines above keep their positions. Writes what it saw as JSON to $WIKIQ_NVIM_OUT:
-- { attached, diagnostics = { {line, col, end_col, code, severity, message}… }, fixes = { {line, titles}… }, lines }.
local out = { diagnostics = {}, fixes = {} }
local lsp = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/common.lua')(out)
local buf, uri, request = lsp.buf, lsp.uri, lsp.request

lsp.run(function()
  local wanted = vim.split(vim.env.WIKIQ_NVIM_CODES, ',')
  out.attached = vim.wait(10000, function() return #vim.lsp.buf_get_clients(buf) > 0 end, 20)
  out.arrived = vim.wait(30000, function()
    local have = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do have[tostring(d.code)] = true end
    for _, c in ipairs(wanted) do
      if not have[c] then return false end
    end
    return true
  end, 20)
  local diagnostics = vim.diagnostic.get(buf)
  table.sort(diagnostics, function(a, b) return a.lnum > b.lnum or (a.lnum == b.lnum and a.col > b.col) end)
  local edits = {}
  for _, d in ipairs(diagnostics) do
    table.insert(out.diagnostics, { line = d.lnum, col = d.col, end_col = d.end_col, code = d.code or vim.NIL, severity = d.severity, message = d.message })
    local actions = request('textDocument/codeAction', {
      textDocument = { uri = uri },
      range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } },
      context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, d.lnum) },
    }) or {}
    local titles = {}
    for _, a in ipairs(actions) do
      if a.kind == 'quickfix' then table.insert(titles, a.title) end
      if a.kind == 'quickfix' and a.edit and #titles == 1 then table.insert(edits, a.edit) end
    end
    table.insert(out.fixes, { line = d.lnum, code = d.code or vim.NIL, titles = titles })
  end
  -- Every action was asked of the same text; applied bottom-up, each one's range still holds.
  for _, e in ipairs(edits) do vim.lsp.util.apply_workspace_edit(e, 'utf-16') end
  out.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end)
