var r;function o(n){r=n.size>0?n:void 0}var u=()=>r;function s(n=r){let e={};if(n)for(let t of[...n.keys()].sort())e[t]=n.get(t).value;return e}export{o as a,u as b,s as c};
