// An imported image or document in jest: an address as the build gives one (a site path).
module.exports = '/test-assets/file-stub';
