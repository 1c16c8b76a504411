/** webpack's full hash of the build this code is part of; the prerendered HTML names it too. */
declare const __webpack_hash__: string;

/** Where webpack loads this build's files from (a remote's: its deployment, set from its manifest's URL). */
declare const __webpack_public_path__: string;
