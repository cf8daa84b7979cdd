function s(r,i){let t=[],e=0;for(let n of r){if(e+n.length+1>i)break;t.push(n),e+=n.length+1}return t}export{s as a};
