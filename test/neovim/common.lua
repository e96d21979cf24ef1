-- What the Lua scripts of test/neovim share: the wikiq client's answer to one request, and writing
-- what a script saw as JSON to $WIKIQ_NVIM_OUT before quitting. Loaded with
-- `dofile(<this folder>/common.lua)(out)`, where `out` is the table the script fills; request
-- errors are added to `out.errors`, a failure of `body` to `out.failure`.
return function(out)
  local buf = vim.api.nvim_get_current_buf()
  local M = { buf = buf, uri = vim.uri_from_bufnr(buf) }

  function M.request(method, params)
    local res = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
    for _, r in pairs(res) do
      if r.result then return r.result end
      if r.error then out.errors = (out.errors or '') .. method .. ': ' .. vim.inspect(r.error) .. '\n' end
    end
  end

  function M.run(body)
    local ok, err = pcall(body)
    if not ok then out.failure = tostring(err) end
    local f = assert(io.open(vim.env.WIKIQ_NVIM_OUT, 'w'))
    f:write(vim.fn.json_encode(out))
    f:close()
    vim.cmd('qa!')
  end

  return M
end
