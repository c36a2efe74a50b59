// The MCP client configuration a user pastes into Claude Desktop or another assistant: the same text as the README.

export function mcpSnippet(dataDir: string): string {
  return JSON.stringify({ mcpServers: { lantern: { command: 'lantern', args: ['mcp', '--data-dir', dataDir] } } }, null, 2);
}
