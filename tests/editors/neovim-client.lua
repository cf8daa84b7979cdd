-- Driven by tests/editors/neovim.test.ts in `nvim --headless`: Neovim's own LSP client (0.7
-- and later: vim.lsp.start_client) runs `monitors lsp --stdio` on a file, as docs/editor.md
-- sets it up. It writes the diagnostics it holds after opening the file, after an edit that
-- gives a second monitor the first one's name, and after undoing it; one line each, with
-- the column in UTF-16 code units (the protocol's unit), 1-based like `monitors validate`.
local file = os.getenv('MONITORS_FILE')
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local id = vim.lsp.start_client({
  name = 'monitors',
  cmd = { os.getenv('MONITORS_NODE'), os.getenv('MONITORS_CLI'), 'lsp', '--stdio' },
  root_dir = vim.fn.fnamemodify(file, ':h'),
})
vim.lsp.buf_attach_client(0, id)

local lines = {}
local function record(stage)
  local found = vim.diagnostic.get(0)
  table.sort(found, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  for _, d in ipairs(found) do
    local text = vim.api.nvim_buf_get_lines(0, d.lnum, d.lnum + 1, false)[1] or ''
    local _, col16 = vim.str_utfindex(text, d.col)
    table.insert(lines, string.format('%s\t%d\t%d\t%s\t%s', stage, d.lnum + 1, col16 + 1, tostring(d.code), d.message))
  end
  if #found == 0 then table.insert(lines, stage .. '\tnone') end
end

local function settle(accept)
  return vim.wait(20000, function() return accept(#vim.diagnostic.get(0)) end, 50)
end

settle(function(n) return n > 0 end)
record('open')
local before = #vim.diagnostic.get(0)
-- The second monitor's name, on line MONITORS_RENAME_LINE, becomes the first one's.
local row = tonumber(os.getenv('MONITORS_RENAME_LINE')) - 1
local text = vim.api.nvim_buf_get_lines(0, row, row + 1, false)[1]
local from, to = text:find('other', 1, true)
vim.api.nvim_buf_set_text(0, row, from - 1, row, to, { os.getenv('MONITORS_FIRST_NAME') })
settle(function(n) return n > before end)
record('clash')
vim.cmd('silent undo')
settle(function(n) return n == before end)
record('undone')

vim.fn.writefile(lines, os.getenv('MONITORS_OUT'))
vim.lsp.stop_client(id)
vim.cmd('qa!')
