-- Runs inside a headless Neovim with the README's configuration and a .wikiq file open: waits for
-- the wikiq client, then asks what $WIKIQ_NVIM_ASKS (a JSON file) lists, each
-- { name, method = 'completion' | 'hover', line, character }, and writes what the server answered
-- as JSON to $WIKIQ_NVIM_OUT: { attached, answers = { [name] = { items = {label, detail}… } | { hover } } }.
-- A completion list marked incomplete (the wiki's answer not in yet) is asked for again, as Neovim
-- does while the user types, at most 30 times.
local out = { answers = {} }
local lsp = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/common.lua')(out)
local buf, uri, request = lsp.buf, lsp.uri, lsp.request

lsp.run(function()
  local f = assert(io.open(vim.env.WIKIQ_NVIM_ASKS, 'r'))
  local asks = vim.fn.json_decode(f:read('*a'))
  f:close()
  out.attached = vim.wait(10000, function() return #vim.lsp.buf_get_clients(buf) > 0 end, 20)
  for _, ask in ipairs(asks) do
    local params = { textDocument = { uri = uri }, position = { line = ask.line, character = ask.character } }
    if ask.method == 'completion' then
      local list
      for _ = 1, 30 do
        list = request('textDocument/completion', params)
        if not (list and list.isIncomplete) then break end
      end
      local items = {}
      for _, i in ipairs(list and (list.items or list) or {}) do
        table.insert(items, { label = i.label, detail = i.detail or vim.NIL })
      end
      out.answers[ask.name] = { items = items, incomplete = list and list.isIncomplete or false }
    else
      local hover = request('textDocument/hover', params)
      out.answers[ask.name] = { hover = hover and (hover.contents.value or vim.inspect(hover.contents)) or vim.NIL }
    end
  end
end)
