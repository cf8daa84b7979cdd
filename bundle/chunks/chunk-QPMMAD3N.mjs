function t(n){return URL.parse(n)?.href}function i(n,r){if(n===r)return!0;let e=t(n);return e!==void 0&&e===t(r)}export{t as a,i as b};
