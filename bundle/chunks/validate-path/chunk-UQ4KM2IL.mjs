import i from"node:path";function s(r,n){let t=i.relative(n,r);return t===""?".":t.split(i.sep).join("/")}export{s as a};
