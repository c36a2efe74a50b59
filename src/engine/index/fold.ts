// Words as the keyword index and its queries see them: the query language's own normaliser, so both split alike.
export { foldText, identifiers, indexedWords, isIdentifier, LONGEST_IDENTIFIER, words } from '../../shared/query/fold';
