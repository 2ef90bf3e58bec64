
return true
