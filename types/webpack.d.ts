/** webpack's full hash of the build this code is part of; the prerendered HTML names it too. */
declare const __webpack_hash__: string;
