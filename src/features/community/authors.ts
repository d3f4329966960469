/**
 * Authors of community contents and comments as the wire names them (spec 001 §2 "Comments display"):
 * `author_name` is 'Nome Cognome', or 'Utente Anonimo' when the user is unknown.
 */

/** Name and surname of an author as the comment carries them ('Nome Cognome'); nothing for 'Utente Anonimo'. */
export function authorNames(comment: { author_name: string }): { nome: string | null; cognome: string | null } {
  const parts = comment.author_name.split(' ').filter(Boolean)
  if (comment.author_name === 'Utente Anonimo' || parts.length < 2) return { nome: null, cognome: null }
  return { nome: parts[0]!, cognome: parts.slice(1).join(' ') }
}
