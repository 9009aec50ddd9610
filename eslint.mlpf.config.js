import base from './eslint.config.js';
export default [...base, { files: ['src/**/*.ts', 'bots/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }] } }];
