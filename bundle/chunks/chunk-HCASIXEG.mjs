function t(r,n){return r<n?-1:r>n?1:0}export{t as a};
