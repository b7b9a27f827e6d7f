/** Text for server-rendered HTML (text and attribute values): every markup character as an entity. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
