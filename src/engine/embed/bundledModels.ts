// The names in the app's bundled model folder (resources/models/<name>): one folder per embedding model, and the reranker's.

/** The bundled reranker's folder under resources/models/: the embedder chooser passes it over, the search's reranker loads it. */
export const RERANKER_FOLDER_NAME = 'reranker';
