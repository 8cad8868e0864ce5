// Where the built admin panel is: the app serves these static files at /admin.
const path = require('node:path');

const distDir = path.join(__dirname, 'dist');

module.exports = { distDir, indexHtml: path.join(distDir, 'index.html') };
